import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { stopAll } from '../proc';
import { Supervisor, type Service } from '../supervisor';

/** A node process running `code`, in its own process group as spawnPrefixed makes them. */
const node = (code: string): ChildProcess =>
  spawn(process.execPath, ['-e', code], { stdio: 'ignore', detached: true });
const forever = 'setInterval(() => {}, 1000)';

const supervisors: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop()));
});

function supervise(services: Service[], opts: { quickRunMs?: number; maxQuickFailures?: number } = {}) {
  const lines: string[] = [];
  const s = new Supervisor(services, {
    log: (m) => lines.push(m),
    stopAll,
    backoffMs: (n) => 10 * 2 ** (n - 1),
    ...opts,
  });
  supervisors.push(s);
  s.start();
  return { s, lines };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const gone = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

describe('Supervisor (pnpm start / pnpm dev)', () => {
  it('reports a service killed with SIGKILL by name and starts it again; the others keep running', async () => {
    const { s, lines } = supervise([
      { name: 'api', start: () => node(forever) },
      { name: 'shell', start: () => node(forever) },
    ]);
    const first = s.child('api')!;
    const shell = s.child('shell')!;
    first.kill('SIGKILL');
    await until(() => s.child('api') !== first);
    expect(lines[0]).toMatch(/^api was killed by SIGKILL after \d+\.\d s; restarting it in 10 ms$/);
    const second = s.child('api')!;
    await until(() => second.pid !== undefined);
    expect(gone(second)).toBe(false);
    expect(s.child('shell')).toBe(shell);
    expect(gone(shell)).toBe(false);
  });

  it('backs off more after each quick failure, then stops everything with exit code 1', async () => {
    const { s, lines } = supervise(
      [
        { name: 'api', start: () => node('process.exit(3)') },
        { name: 'shell', start: () => node(forever) },
      ],
      { maxQuickFailures: 4 },
    );
    const shell = s.child('shell')!;
    expect(await s.done).toBe(1);
    expect(lines.map((l) => l.replace(/after [\d.]+ s/, 'after t'))).toEqual([
      'api exited with code 3 after t; restarting it in 10 ms',
      'api exited with code 3 after t; restarting it in 20 ms',
      'api exited with code 3 after t; restarting it in 40 ms',
      'api exited with code 3 after t: it failed 4 times in a row right after starting; stopping everything',
    ]);
    expect(gone(shell)).toBe(true);
  });

  it('counts only failures in a row right after starting: a service that ran a while starts over', async () => {
    const { s, lines } = supervise(
      [{ name: 'api', start: () => node('setTimeout(() => process.exit(1), 150)') }],
      {
        quickRunMs: 100,
        maxQuickFailures: 2,
      },
    );
    await until(() => lines.length >= 4);
    expect(lines.every((l) => /restarting it in 10 ms$/.test(l))).toBe(true);
    await s.stop();
    expect(await s.done).toBe(0);
  });

  it('restarts a service that exits with code 0 too, and stop() cancels a pending restart', async () => {
    let starts = 0;
    const { s, lines } = supervise([{ name: 'api', start: () => (starts++, node('process.exit(0)')) }], {});
    await until(() => lines.length === 1);
    expect(lines[0]).toMatch(/^api exited with code 0 after/);
    await s.stop();
    const after = starts;
    await new Promise((r) => setTimeout(r, 100));
    expect(starts).toBe(after);
    expect(await s.done).toBe(0);
  });

  it('hold() stops one service and keeps it down (a crash on purpose), resume() starts it again', async () => {
    const { s, lines } = supervise([
      { name: 'api-1', start: () => node(forever) },
      { name: 'api-2', start: () => node(forever) },
    ]);
    const first = s.child('api-1')!;
    const other = s.child('api-2')!;
    await s.hold('api-1', 'SIGKILL');
    expect(first.signalCode).toBe('SIGKILL');
    // Well past the 10 ms back-off: no restart.
    await new Promise((r) => setTimeout(r, 200));
    expect(s.child('api-1')).toBe(first);
    expect(lines).toEqual(['api-1 stopped on purpose (SIGKILL); it stays down until resumed']);
    expect(gone(other)).toBe(false);
    const again = s.resume('api-1');
    expect(again).not.toBe(first);
    await until(() => again.pid !== undefined);
    expect(gone(again)).toBe(false);
    expect(() => s.resume('api-1')).toThrow(/not held/);
    await expect(s.hold('nope')).rejects.toThrow(/no service named nope/);
  });
});
