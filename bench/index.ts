import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchBundles } from './bundle';
import { benchLighthouse } from './lighthouse';
import { benchRouteSwitch } from './route-switch';
import { benchSearchBox } from './search-box';
import { printSummary, TARGETS, type TargetResult } from './targets';
import { ROOT } from '../e2e/src/stack';

type Part = () => Promise<TargetResult[] | void>;

/** A part owned by another area, run when its file is there: its `run()` (or default export) may return TargetResult[]. */
const external =
  (file: string): Part =>
  async () => {
    if (!existsSync(file)) {
      console.log(`\n(benchmark not present: ${path.relative(ROOT, file)})`);
      return;
    }
    const mod = (await import(pathToFileURL(file).href)) as { run?: Part; default?: Part };
    return (mod.run ?? mod.default)?.();
  };

const PARTS: Record<string, Part> = {
  bundle: benchBundles,
  routes: benchRouteSwitch,
  searchbox: benchSearchBox,
  lighthouse: benchLighthouse,
  explore: external(path.join(ROOT, 'bench', 'explore.ts')),
  api: external(path.join(ROOT, 'api', 'bench', 'nearby.ts')),
  guides: external(path.join(ROOT, 'api', 'bench', 'guides.ts')),
  search: external(path.join(ROOT, 'api', 'bench', 'search.ts')),
  narration: external(path.join(ROOT, 'api', 'bench', 'narration.ts')),
};

const known = new Set<string>(TARGETS.map((t) => t.id));
const isTargetResult = (x: unknown): x is TargetResult =>
  typeof x === 'object' &&
  x !== null &&
  known.has((x as TargetResult).id) &&
  typeof (x as TargetResult).value === 'string';

/**
 * `pnpm bench [part]`: every part in turn (bundle, routes, lighthouse, explore, api), or the one named; each prints
 * its numbers, ratios and met / NOT met lines, and the run ends with the table of every target. Numbers
 * only: a target not met never fails the run (a part that crashes does).
 */
async function main() {
  const only = process.argv[2];
  if (only && !PARTS[only]) {
    console.error(`unknown benchmark part "${only}"; parts: ${Object.keys(PARTS).join(', ')}`);
    process.exit(2);
  }
  const results: TargetResult[] = [];
  const ran = new Set<string>();
  const crashed = new Map<string, string>();
  for (const [name, part] of Object.entries(PARTS)) {
    if (only && only !== name) continue;
    ran.add(name);
    try {
      const out = await part();
      if (Array.isArray(out)) results.push(...out.filter(isTargetResult));
    } catch (err) {
      // A crash is not a timing: report it, go on with the other parts, and fail the run at the end.
      console.error(`\n(${name} part crashed)`, err);
      crashed.set(name, err instanceof Error ? err.message : String(err));
    }
  }
  printSummary(results, ran, crashed);
  return crashed.size ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
