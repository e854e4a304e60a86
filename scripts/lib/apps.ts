import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REMOTES, REMOTE_NAMES } from '@wayfarer/contracts';
import { ROOT, pool, spawnPrefixed } from './proc';

export interface AppInfo {
  name: string;
  dir: string;
  port: number;
}

/** The five browser apps with their default ports; `offset` moves every port (tests, parallel stacks). */
export function apps(offset = 0): AppInfo[] {
  return [
    { name: 'shell', dir: 'shell', port: 3000 + offset },
    ...REMOTE_NAMES.map((n) => ({ name: n, dir: REMOTES[n].packageName, port: REMOTES[n].port + offset })),
  ];
}

/**
 * Builds `list` in production mode (`wf-app build` in each app's folder, output prefixed with its name), two at a
 * time (the machine has two cores; `WF_BUILD_CONCURRENCY` changes it). Throws when a build fails.
 */
export async function buildApps(list: readonly AppInfo[]): Promise<void> {
  const limit = Number(process.env.WF_BUILD_CONCURRENCY ?? 2);
  await pool([...list], limit, async (app) => {
    const wfApp = path.join(ROOT, 'node_modules', '.bin', 'wf-app');
    const child = spawnPrefixed(app.name, wfApp, ['build'], { cwd: path.join(ROOT, app.dir) });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    if (code !== 0) throw new Error(`build of ${app.name} failed`);
  });
}

/** Environment that points the shell's remote map, the runtime config and the API CORS at offset ports. */
export function stackEnv(offset = 0): Record<string, string> {
  // `pnpm start` / `dev` / `start:cluster` run the product offline on this machine: Google sign-in is the local
  // stand-in unless a real client is configured (GOOGLE_CLIENT_ID) or the run is production (which refuses it).
  const standIn: Record<string, string> =
    process.env.AUTH_GOOGLE_STANDIN !== undefined ||
    process.env.GOOGLE_CLIENT_ID ||
    process.env.NODE_ENV === 'production'
      ? {}
      : { AUTH_GOOGLE_STANDIN: 'true' };
  if (offset === 0) return standIn;
  const env: Record<string, string> = {
    ...standIn,
    API_URL: `http://localhost:${4000 + offset}`,
    PORT: String(4000 + offset),
    PUBLIC_SITE_ORIGIN: `http://localhost:${3000 + offset}`,
    CORS_ORIGINS: apps(offset)
      .map((a) => `http://localhost:${a.port}`)
      .join(','),
  };
  for (const n of REMOTE_NAMES) env[REMOTES[n].urlEnv] = `http://localhost:${REMOTES[n].port + offset}`;
  return env;
}

/**
 * The API's command. `start` builds the API to JavaScript first (api/scripts/build.mjs, esbuild, well under a
 * second) and runs node on the build, one process: a signal (kill -9 included) reaches the API, not a wrapper that
 * would leave it running orphaned, and no TypeScript loader runs in production. `dev` restarts on changes with
 * `tsx watch`.
 */
export function apiCommand(dev: boolean): { cmd: string; args: string[]; cwd: string } {
  const cwd = path.join(ROOT, 'api');
  if (dev)
    return { cmd: path.join(ROOT, 'node_modules', '.bin', 'tsx'), args: ['watch', 'src/index.ts'], cwd };
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API build (api/scripts/build.mjs) failed');
  return { cmd: process.execPath, args: ['--enable-source-maps', 'dist/server/index.js'], cwd };
}

/**
 * The guide worker's command (api/src/worker.ts): a process of its own beside the API, on the same database (the
 * embedded one through the API's socket), so narrating guides never slows the API's answers. `start` runs the
 * build apiCommand(false) has just made (api/dist/server/worker.js).
 */
export function workerCommand(dev: boolean): { cmd: string; args: string[]; cwd: string } {
  const cwd = path.join(ROOT, 'api');
  if (dev)
    return { cmd: path.join(ROOT, 'node_modules', '.bin', 'tsx'), args: ['watch', 'src/worker.ts'], cwd };
  return { cmd: process.execPath, args: ['--enable-source-maps', 'dist/server/worker.js'], cwd };
}
