import { createRateLimiter, runPool } from '../utils/limits';

describe('createRateLimiter', () => {
  it('allows once per 60 s', () => {
    let t = 1_000;
    const rl = createRateLimiter(60_000, () => t);
    expect(rl.tryAcquire()).toBe(true);
    t += 59_999;
    expect(rl.tryAcquire()).toBe(false);
    t += 1;
    expect(rl.tryAcquire()).toBe(true);
  });
});

describe('runPool', () => {
  it('never has more than 6 in flight and swallows failures', async () => {
    let inFlight = 0;
    let peak = 0;
    const items = Array.from({ length: 40 }, (_, i) => i);
    const res = await runPool(items, 6, async (i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 1 + (i % 3)));
      inFlight--;
      if (i % 7 === 0) throw new Error('boom');
      return i * 2;
    });
    expect(peak).toBe(6);
    expect(res[1]).toBe(2);
    expect(res[7]).toBeUndefined();
    expect(res).toHaveLength(40);
  });
});
