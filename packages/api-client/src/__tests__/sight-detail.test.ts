import { jest } from '@jest/globals';
import { getSightDetail } from '../product';

/** Answers the detail calls in order (the last answer repeats) and records when each call was made. */
function mockDetail(statuses: number[]) {
  const at: number[] = [];
  globalThis.fetch = jest.fn(async () => {
    at.push(Date.now());
    const status = statuses[Math.min(at.length - 1, statuses.length - 1)]!;
    const body =
      status === 200
        ? { sight: { id: 's1', name: 'Old Bridge', latitude: 1, longitude: 2 }, stations: [] }
        : { error: 'boom' };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return at;
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('getSightDetail (spec: retried once after 400 ms)', () => {
  it('retries a failed load at 400 ms, not at 399 ms', async () => {
    const at = mockDetail([500, 200]);
    const p = getSightDetail('s1', null);
    await jest.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(399);
    expect(at).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBe(400);
    await expect(p).resolves.toMatchObject({ sight: { id: 's1', name: 'Old Bridge' }, stations: [] });
  });

  it('retries only once: a second failure is the answer', async () => {
    const at = mockDetail([500]);
    const p = getSightDetail('s1', null);
    const outcome = p.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await jest.advanceTimersByTimeAsync(10_000);
    expect(at).toHaveLength(2);
    expect(await outcome).toMatchObject({ status: 500 });
  });

  it('does not retry a 404', async () => {
    const at = mockDetail([404]);
    const outcome = getSightDetail('s1', null).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await jest.advanceTimersByTimeAsync(10_000);
    expect(at).toHaveLength(1);
    expect(await outcome).toMatchObject({ status: 404 });
  });
});
