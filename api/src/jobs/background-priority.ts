import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Narration is background work: on a machine shared with an API copy, the API's answers come first. Linux gives
 * a process three levers, and a worker pulls all three at start (threads and processes it starts later, the speech
 * engine's among them, inherit them):
 *  - niceness, on every thread (Linux keeps it per thread, and Node started some before this runs);
 *  - the autogroup's niceness, when this process leads its own session (a supervisor that starts it with setsid,
 *    as `pnpm start` does): the kernel shares a core between sessions first and only then by niceness, so a nice
 *    worker alone in its session would still get an equal share against the API's session;
 *  - the SCHED_IDLE policy (`chrt --idle`, util-linux): its threads run on a core nothing else wants, and a waking
 *    API thread takes the core from them at once instead of at the end of their time slice.
 * Each is best effort: where one is not permitted or not there (another OS, a container without /proc), the
 * others still apply and the worker keeps going.
 */
export interface BackgroundPriority {
  /** -20 to 19; 0 leaves niceness alone. */
  nice: number;
  /** SCHED_IDLE on every thread. */
  idle: boolean;
}

/** What was applied, for the worker's start-up line. */
export function runInBackground(opts: BackgroundPriority, pid = process.pid): string[] {
  const applied: string[] = [];
  const nice = Math.max(-20, Math.min(19, Math.trunc(opts.nice)));
  if (nice !== 0) {
    let ok = attempt(() => os.setPriority(pid, nice));
    for (const tid of threadIds(pid)) ok = attempt(() => os.setPriority(tid, nice)) || ok;
    if (ok) applied.push(`nice ${nice}`);
    if (leadsItsSession(pid) && attempt(() => fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice))))
      applied.push(`session nice ${nice}`);
  }
  if (opts.idle && process.platform === 'linux') {
    const r = spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)], {
      stdio: 'ignore',
      timeout: 5_000,
    });
    if (r.status === 0) applied.push('SCHED_IDLE');
  }
  return applied;
}

function attempt(f: () => void): boolean {
  try {
    f();
    return true;
  } catch {
    return false; // not permitted, or a thread that ended meanwhile
  }
}

function threadIds(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return []; // not Linux
  }
}

/** /proc/PID/stat's session field (the 6th; the name in parentheses may hold spaces) is the process itself. */
function leadsItsSession(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === pid;
  } catch {
    return false;
  }
}
