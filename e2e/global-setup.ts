import { existsSync } from 'node:fs';
import path from 'node:path';
import { Stack, ROOT } from './src/stack';
import { e2eOffset } from './src/offset';

/** Starts the production stack once for the whole run; the returned function is the teardown. */
export default async function globalSetup() {
  for (const dir of ['shell', 'mfe-explore', 'mfe-account', 'mfe-marketing', 'mfe-admin'])
    if (!existsSync(path.join(ROOT, dir, 'dist', 'index.html')))
      throw new Error(`${dir}/dist is missing: run \`pnpm build\` first (pnpm test does).`);
  const stack = new Stack(e2eOffset());
  const started = Date.now();
  await stack.start();
  console.log(
    `[e2e] stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: shell http://localhost:${stack.ports.shell}`,
  );
  return async () => {
    await stack.stop();
  };
}
