import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@wayfarer/contracts';
import { Stack, ROOT, remoteStubs } from './src/stack';
import { e2eOffset } from './src/offset';

/** Starts the production stack once for the whole run; the returned function is the teardown. */
export default async function globalSetup() {
  // A remote tested alone (scripts/remote-test.ts): the others are stub builds, and their dist/ is not needed.
  const stubs = remoteStubs();
  const stubbed = new Set(Object.keys(stubs).map((name) => REMOTES[name as RemoteName].packageName));
  for (const dir of ['shell', 'mfe-explore', 'mfe-account', 'mfe-marketing', 'mfe-admin'])
    if (!stubbed.has(dir) && !existsSync(path.join(ROOT, dir, 'dist', 'index.html')))
      throw new Error(`${dir}/dist is missing: run \`pnpm build\` first (pnpm test does).`);
  if (stubbed.size) console.log(`[e2e] stub remotes: ${Object.keys(stubs).join(', ')}`);
  const stack = new Stack(e2eOffset(), stubs);
  const started = Date.now();
  await stack.start();
  console.log(
    `[e2e] stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: shell http://localhost:${stack.ports.shell}`,
  );
  return async () => {
    await stack.stop();
  };
}
