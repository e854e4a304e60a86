import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from '@jest/globals';
import { runInBackground } from '../jobs/background-priority';

/**
 * The guide worker's priority (guides being made must not slow travellers' requests). Applied
 * to a stand-in process (`sleep`), so the test runner keeps its own priority.
 */
const linux = process.platform === 'linux' && fs.existsSync('/proc/self/autogroup');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function sleeper(detached: boolean): number {
  const child = spawn('sleep', ['30'], { detached, stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

const autogroupOf = (pid: number) => fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
const policyOf = (pid: number) =>
  spawnSync('chrt', ['--pid', String(pid)], { encoding: 'utf8' }).stdout.split('\n')[0];

(linux ? describe : describe.skip)('a worker in the background', () => {
  it('leading its own session: nice 10, its session nice 10, SCHED_IDLE', () => {
    const pid = sleeper(true);
    expect(autogroupOf(pid)).toMatch(/ nice 0$/);
    expect(runInBackground({ nice: 10, idle: true }, pid)).toEqual([
      'nice 10',
      'session nice 10',
      'SCHED_IDLE',
    ]);
    expect(os.getPriority(pid)).toBe(10);
    expect(autogroupOf(pid)).toMatch(/ nice 10$/);
    expect(policyOf(pid)).toMatch(/SCHED_IDLE/);
  });

  it("inside another process's session: its own niceness only, never the session's (the API may share it)", () => {
    const pid = sleeper(false);
    const session = autogroupOf(process.pid);
    expect(runInBackground({ nice: 5, idle: false }, pid)).toEqual(['nice 5']);
    expect(os.getPriority(pid)).toBe(5);
    expect(autogroupOf(pid)).toBe(session);
    expect(autogroupOf(process.pid)).toBe(session);
    expect(policyOf(pid)).toMatch(/SCHED_OTHER/);
  });

  it('WORKER_NICE=0 and WORKER_SCHED_IDLE=0 leave it as it was', () => {
    const pid = sleeper(true);
    expect(runInBackground({ nice: 0, idle: false }, pid)).toEqual([]);
    expect(os.getPriority(pid)).toBe(0);
    expect(policyOf(pid)).toMatch(/SCHED_OTHER/);
  });
});
