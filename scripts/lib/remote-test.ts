import { readFileSync, readdirSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  REMOTES,
  REMOTE_NAMES,
  checkRemoteManifest,
  type FederationManifest,
  type RemoteName,
} from '@wayfarer/contracts';
import { createStaticServer, readEnv } from '@wayfarer/mf-config';
import { contractCheck, type ContractCheckResult } from './contract-check';
import { ROOT } from './proc';

/**
 * The parts of `pnpm --filter mfe-<name> test` (scripts/remote-test.ts): which browser tests
 * belong to a remote, which of them a run with stub remotes leaves out, where the stubs go, and the contract check
 * of a stub against the shell's production build.
 */

export const E2E_TESTS_DIR = path.join(ROOT, 'e2e', 'tests');

/**
 * A remote's own browser tests: the specs of e2e/tests whose file name starts with the remote's name and a dash
 * (`marketing-pages.spec.ts` is marketing's; `releases.spec.ts`, `i18n.spec.ts` and the like belong to no remote and
 * run only in the whole `pnpm test`).
 */
export function remoteSpecs(
  remote: RemoteName,
  files: readonly string[] = readdirSync(E2E_TESTS_DIR),
): string[] {
  return files.filter((f) => f.startsWith(`${remote}-`) && f.endsWith('.spec.ts')).sort();
}

/**
 * The tag of a test, in a remote's specs, that needs another remote's real app (`@needs-marketing`: the account's
 * pricing-to-checkout journey starts on marketing's /pricing). A run against stubs leaves it out; `pnpm test` runs it.
 */
export function needsTag(remote: RemoteName): string {
  return `@needs-${remote}`;
}

/** Playwright's `--grep-invert` pattern for the tests that need one of the `stubbed` remotes (null: none). */
export function needsStubbedPattern(stubbed: readonly RemoteName[]): string | null {
  return stubbed.length ? `@needs-(${stubbed.join('|')})\\b` : null;
}

/** Every remote but `remote`: the ones stubbed when `remote` is tested alone. */
export function otherRemotes(remote: RemoteName): RemoteName[] {
  return REMOTE_NAMES.filter((n) => n !== remote);
}

/** The scratch folder of a remote test run on port block `offset` (stubs under `stubs/<remote>/`). */
export function remoteTestDir(offset: number): string {
  return path.join(ROOT, '.tmp', `remote-test-${offset}`);
}

/** The shared versions a built shell provides (its dist's mf-manifest.json), as the contract tests read them. */
export function shellVersionsOf(shellDist: string): Record<string, string> {
  const manifest = JSON.parse(
    readFileSync(path.join(shellDist, 'mf-manifest.json'), 'utf8'),
  ) as FederationManifest;
  const out: Record<string, string> = {};
  for (const s of manifest.shared) if (s.version) out[s.name] = s.version;
  return out;
}

/** The manifest check of @wayfarer/contracts on a build folder of remote `name` (no problem: an empty list). */
export function checkBuiltRemote(name: RemoteName, dist: string, shellDist: string): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'),
  ) as FederationManifest;
  return checkRemoteManifest(name, manifest, shellVersionsOf(shellDist));
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

/**
 * `pnpm contract:check` (scripts/lib/contract-check.ts) of each built stub: the manifest check against the shell's
 * production build and the render of its `./App` in that shell (served on a free port, as `pnpm start` serves it;
 * `stubsDir/<name>/` served from a second one). One result per stub.
 */
export async function contractCheckStubs(
  shellDist: string,
  stubsDir: string,
  names: readonly RemoteName[],
): Promise<Map<RemoteName, ContractCheckResult>> {
  // The API is not needed to render a stub: an address that refuses at once.
  const env = readEnv({ API_URL: 'http://127.0.0.1:9', NODE_ENV: 'production' });
  const servers = [
    createStaticServer({ root: stubsDir, spaFallback: false, remotes: false, env }),
    createStaticServer({ root: shellDist, spaFallback: true, remotes: true, env }),
  ];
  const results = new Map<RemoteName, ContractCheckResult>();
  try {
    const [stubs, shell] = [await listen(servers[0]!), await listen(servers[1]!)];
    for (const name of names)
      results.set(
        name,
        await contractCheck({ remote: name, url: `${stubs}/${name}/mf-manifest.json`, shell: shell! }),
      );
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((r) => (s.listening ? s.close(() => r()) : r()))));
  }
  return results;
}

/** The folder of remote `name`'s package (`mfe-<name>`). */
export function remoteDir(name: RemoteName): string {
  return path.join(ROOT, REMOTES[name].packageName);
}
