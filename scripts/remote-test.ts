import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES, type RemoteName } from '@wayfarer/contracts';
import { buildStubRemotes } from '@wayfarer/remote-stub';
import { e2eOffset } from '../e2e/src/offset';
import { apps, buildApps } from './lib/apps';
import { ensureChromium } from './lib/cluster';
import { isRemoteName } from './lib/contract-check';
import { ROOT, log, runStep } from './lib/proc';
import {
  checkBuiltRemote,
  contractCheckStubs,
  needsStubbedPattern,
  otherRemotes,
  remoteDir,
  remoteSpecs,
  remoteTestDir,
} from './lib/remote-test';

/**
 * `pnpm --filter mfe-<name> test`: one remote tested alone, as its team would in its own
 * pipeline, without building the other remotes' apps.
 *
 * 1. its unit and component tests (jest, `mfe-<name>/src` only);
 * 2. production builds of the shell and of this remote; stub builds of the other remotes (@wayfarer/remote-stub);
 * 3. the contract: the contract tests for this remote only (`CONTRACT_REMOTES=<name>`: `checkRemoteManifest`
 *    against the shell's production build, the render of `./App` with RemoteProps), and `pnpm contract:check` of
 *    every stub against that shell (a stub that breaks the contract stops the run);
 * 4. its browser tests (scripts/lib/remote-test.ts `remoteSpecs`: `e2e/tests/<name>-*.spec.ts`, without the tests
 *    tagged `@needs-<stubbed remote>`) on the e2e stack, with the stubs served on the other remotes' ports.
 *
 * `tsx scripts/remote-test.ts <name> [--no-build]` (`--no-build` reuses shell/dist and mfe-<name>/dist);
 * E2E_PORT_OFFSET moves the browser tests' ports as for `pnpm test:e2e`.
 */
const usage = `usage: remote-test <${REMOTE_NAMES.join('|')}> [--no-build]`;

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const jestEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  ...extra,
});
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function remoteTest(remote: RemoteName, build: boolean): Promise<void> {
  const started = Date.now();
  const offset = e2eOffset();
  const stubbed = otherRemotes(remote);
  const specs = remoteSpecs(remote);
  log(
    `testing the ${remote} remote alone; stubs for ${stubbed.join(', ')}; browser ports at offset ${offset}`,
  );

  runStep(
    `${remote}: unit and component tests`,
    bin('jest'),
    ['--maxWorkers=2', `${remoteDir(remote)}/src`],
    {
      env: jestEnv(),
    },
  );

  const shellDist = path.join(ROOT, 'shell', 'dist');
  const targets = apps().filter((a) => a.name === 'shell' || a.name === remote);
  if (build) {
    const since = Date.now();
    log(`▶ production builds: ${targets.map((a) => a.name).join(', ')}`);
    await buildApps(targets);
    log(`✔ production builds (${seconds(since)})`);
  } else
    for (const a of targets)
      if (!existsSync(path.join(ROOT, a.dir, 'dist', 'index.html')))
        throw new Error(`${a.dir}/dist is missing: run without --no-build`);

  const stubsDir = path.join(remoteTestDir(offset), 'stubs');
  rmSync(stubsDir, { recursive: true, force: true });
  let since = Date.now();
  log(`▶ stub remotes: ${stubbed.join(', ')}`);
  await buildStubRemotes(stubbed, (n) => path.join(stubsDir, n));
  log(`✔ stub remotes (${seconds(since)})`);

  runStep(
    `${remote}: contract tests (manifest against the shell's build, ./App rendered with RemoteProps)`,
    bin('jest'),
    ['--maxWorkers=2', 'contract-tests/manifests.test.ts', 'contract-tests/exposes-render.test.tsx'],
    { env: jestEnv({ CONTRACT_REMOTES: remote }) },
  );

  ensureChromium();
  since = Date.now();
  log(`▶ contract check of the stubs against the shell's build`);
  const checks = await contractCheckStubs(shellDist, stubsDir, stubbed);
  const broken = [...checks].filter(([, r]) => !r.ok);
  for (const [, r] of checks) console.log(r.report.join('\n'));
  // A cheap second look at what the browser run will serve: the same manifest check, straight from the files.
  for (const n of stubbed) {
    const problems = checkBuiltRemote(n, path.join(stubsDir, n), shellDist);
    if (problems.length) throw new Error(`the ${n} stub breaks the contract: ${problems.join('; ')}`);
  }
  if (broken.length) throw new Error(`stub(s) ${broken.map(([n]) => n).join(', ')} fail the contract check`);
  log(`✔ contract check of the stubs (${seconds(since)})`);

  if (!specs.length) log(`no browser tests for ${remote} (e2e/tests/${remote}-*.spec.ts)`);
  else {
    const grep = needsStubbedPattern(stubbed);
    runStep(
      `${remote}: browser tests ${specs.join(', ')} (shell and ${remote} built, ${stubbed.join(', ')} stubbed)`,
      path.join(ROOT, 'e2e', 'node_modules', '.bin', 'playwright'),
      [
        'test',
        '-c',
        'e2e/playwright.config.ts',
        ...specs.map((f) => `e2e/tests/${f}`),
        ...(grep ? ['--grep-invert', grep] : []),
      ],
      { env: { ...process.env, E2E_PORT_OFFSET: String(offset), E2E_REMOTE_STUBS: stubsDir } },
    );
  }
  log(`the ${remote} remote passed its tests in ${seconds(started)}`);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      allowPositionals: true,
      options: { 'no-build': { type: 'boolean' } },
    });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    return 2;
  }
  const [remote, ...rest] = parsed.positionals;
  if (!remote || rest.length || !isRemoteName(remote)) {
    console.error(remote && !isRemoteName(remote) ? `unknown remote "${remote}"\n${usage}` : usage);
    return 2;
  }
  await remoteTest(remote, !parsed.values['no-build']);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`\x1b[31m[wayfarer]\x1b[0m ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
