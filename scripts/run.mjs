#!/usr/bin/env node
// Bootstrap: the only plain-JS file, because it must run on a machine that has just Node.js and npm.
// It installs the pinned pnpm (npm i -g, falling back to npx), installs dependencies when they are missing or
// stale, then hands over to the TypeScript task runner (scripts/tasks.ts) through tsx.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const task = process.argv[2] ?? 'start';
const rest = process.argv.slice(3);

function log(msg) {
  console.log(`\x1b[36m[wayfarer]\x1b[0m ${msg}`);
}

function pnpmCommand() {
  try {
    const v = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
    if (v === PNPM) return ['pnpm'];
    log(`pnpm ${v} found, ${PNPM} pinned`);
  } catch {
    log(`pnpm not found`);
  }
  log(`installing pnpm@${PNPM} with npm`);
  const r = spawnSync('npm', ['i', '-g', `pnpm@${PNPM}`], { stdio: 'inherit' });
  if (r.status === 0) {
    try {
      if (execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim() === PNPM) return ['pnpm'];
    } catch {
      /* fall through to npx */
    }
  }
  log(`global install unavailable, using npx pnpm@${PNPM}`);
  return ['npx', '--yes', `pnpm@${PNPM}`];
}

function needsInstall() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  return statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs > statSync(marker).mtimeMs;
}

const pnpm = pnpmCommand();
const run = (args, opts = {}) => {
  const r = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (needsInstall() || process.env.CI) {
  log('installing dependencies (pnpm install --frozen-lockfile)');
  run(['install', '--frozen-lockfile']);
}
process.env.WF_PNPM = pnpm.join(' ');
// Async, so a SIGINT/SIGTERM sent to this process alone (a process manager, `kill`) reaches the task runner,
// which stops every server it started; Ctrl-C in a terminal reaches the whole process group anyway.
const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/tasks.ts', task, ...rest], {
  stdio: 'inherit',
  cwd: root,
  // As `pnpm exec` did: the workspace's binaries first on PATH.
  env: {
    ...process.env,
    PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
