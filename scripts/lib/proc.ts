import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import readline from 'node:readline';

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95];
/** One colour per name, kept when a process is restarted. */
const colorOf = new Map<string, number>();

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function log(msg: string): void {
  console.log(`\x1b[36m[wayfarer]\x1b[0m ${msg}`);
}

/**
 * Spawns a long-running process whose output lines are prefixed with its name (only the lines `keep` accepts, when
 * given: the browser tests show a cluster's errors, not its request log).
 */
export function spawnPrefixed(
  name: string,
  cmd: string,
  args: string[],
  opts: SpawnOptions = {},
  keep?: (line: string) => boolean,
): ChildProcess {
  let color = colorOf.get(name);
  if (color === undefined) colorOf.set(name, (color = COLORS[colorOf.size % COLORS.length]!));
  const prefix = `\x1b[${color}m${name.padEnd(9)}|\x1b[0m `;
  const child = spawn(cmd, args, { cwd: ROOT, ...opts, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline
      .createInterface({ input: stream })
      .on('line', (line) => (!keep || keep(line)) && process.stdout.write(prefix + line + '\n'));
  }
  return child;
}

/** Runs a command to completion with inherited output; throws on a non-zero exit. */
export function runStep(label: string, cmd: string, args: string[], opts: SpawnOptions = {}): void {
  log(`▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
  log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Runs async jobs with at most `limit` at a time (the machine has 2 cores). */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await fn(queue.shift() as T);
  });
  await Promise.all(workers);
}

/** Kills every child's process group and waits for them to exit. */
export async function stopAll(children: ChildProcess[], signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.pid === undefined) return resolve();
          c.once('exit', () => resolve());
          try {
            process.kill(-c.pid, signal);
          } catch {
            resolve();
          }
          setTimeout(() => {
            try {
              process.kill(-c.pid!, 'SIGKILL');
            } catch {
              /* gone */
            }
            resolve();
          }, 5000).unref();
        }),
    ),
  );
}
