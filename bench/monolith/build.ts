import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig, runGenerate, type AppFederationConfig } from '@wayfarer/mf-config';
import shellFederation from '../../shell/module-federation.config';
import { ROOT } from '../../e2e/src/stack';

export const MONOLITH_DIR = path.join(ROOT, '.bench', 'monolith');

/**
 * The baseline: one webpack build of the shell with the four remotes imported statically (static-remote-loader.ts
 * replaces the runtime remote loader), made by the same `createWebpackConfig` in production mode with
 * `monolith: true` (no Module Federation). Whatever the config does for production (minifying, precompressing
 * .br/.gz next to the assets) happens here too. BENCH_REUSE_MONOLITH=1 keeps an existing build (for iterating on
 * the benchmark itself; the numbers then describe that older build).
 */
export async function buildMonolith(): Promise<void> {
  if (process.env.BENCH_REUSE_MONOLITH === '1' && existsSync(path.join(MONOLITH_DIR, 'index.html'))) {
    console.log(`  monolith: reusing ${path.relative(ROOT, MONOLITH_DIR)} (BENCH_REUSE_MONOLITH=1)`);
    return;
  }
  const started = Date.now();
  // From empty: the config keeps earlier builds' hashed chunks (for open tabs), which a benchmark has no use for.
  rmSync(MONOLITH_DIR, { recursive: true, force: true });
  for (const dir of ['shell', 'mfe-explore', 'mfe-account', 'mfe-marketing', 'mfe-admin'])
    runGenerate(path.join(ROOT, dir));
  const app: AppFederationConfig = shellFederation;
  const config = createWebpackConfig(path.join(ROOT, 'shell'), app, {
    mode: 'production',
    outDir: MONOLITH_DIR,
    monolith: true,
    replace: [
      { test: /mf\/remote-loader$/, with: path.join(ROOT, 'bench', 'monolith', 'static-remote-loader.ts') },
    ],
  });
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) =>
      err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString('errors-only'))) : resolve(),
    ),
  );
  console.log(
    `  monolith: built in ${((Date.now() - started) / 1000).toFixed(0)} s -> ${path.relative(ROOT, MONOLITH_DIR)}`,
  );
}

/**
 * How many .js files of at least 1 KiB a dist holds, and how many of them have a precompressed .br / .gz beside
 * them (smaller files are not worth compressing, and a build may leave them raw).
 */
export function precompressed(dir: string): { js: number; br: number; gz: number } {
  const out = { js: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js') && statSync(p).size >= 1024) {
        out.js++;
        if (existsSync(`${p}.br`)) out.br++;
        if (existsSync(`${p}.gz`)) out.gz++;
      }
    }
  };
  walk(dir);
  return out;
}
