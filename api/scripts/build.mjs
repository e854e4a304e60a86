#!/usr/bin/env node
// Builds the API to JavaScript for `pnpm start` (Node 20 has no TypeScript support of its own): one esbuild bundle
// per entry in dist/server/ (the server, the guide worker, seed, admin:add), the workspace's TypeScript packages (@wayfarer/*) inside,
// every npm dependency left to node_modules. dist/server is two levels below api/, like src/<dir>/, so the paths the
// code derives from import.meta.url (migrations, data, the repo root) are the same in both.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiDir, 'dist', 'server');
const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => !d.startsWith('@wayfarer/'),
);

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: {
    index: 'src/index.ts',
    worker: 'src/worker.ts',
    seed: 'src/cli/seed.ts',
    'admin-add': 'src/cli/admin-add.ts',
    openapi: 'src/cli/openapi.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // CommonJS dependencies bundled into ESM (none today) would need require().
  banner: {
    js: "import { createRequire as __wfCreateRequire } from 'node:module'; const require = __wfCreateRequire(import.meta.url);",
  },
});
// Loaded by path at run time (new URL('./tts-worker.mjs', import.meta.url)).
copyFileSync(path.join(apiDir, 'src/services/tts-worker.mjs'), path.join(outdir, 'tts-worker.mjs'));
console.log(`[api] built dist/server in ${Math.round(performance.now() - started)} ms`);
