import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchBundles } from './bundle';
import { benchRouteSwitch } from './route-switch';
import { ROOT } from '../e2e/src/stack';

/** `pnpm bench`: every benchmark part in turn; each prints numbers and ratios (no pass/fail timing tests). */
async function main() {
  const only = process.argv[2];
  if (!only || only === 'bundle') await benchBundles();
  if (!only || only === 'routes') await benchRouteSwitch();
  // Parts contributed by the explore and API areas, run when present.
  const parts: [string, string][] = [
    ['explore', path.join(ROOT, 'bench', 'explore.ts')],
    ['api', path.join(ROOT, 'api', 'bench', 'nearby.ts')],
  ];
  for (const [name, file] of parts) {
    if (only && only !== name) continue;
    if (!existsSync(file)) {
      console.log(`\n(${name} benchmark not present: ${path.relative(ROOT, file)})`);
      continue;
    }
    const mod = (await import(pathToFileURL(file).href)) as { run?: () => Promise<void>; default?: () => Promise<void> };
    await (mod.run ?? mod.default)?.();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
