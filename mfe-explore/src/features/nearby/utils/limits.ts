/** Allows a call at most once per window (the map-data fallback: once per 60 s). */
export function createRateLimiter(windowMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return {
    tryAcquire(): boolean {
      const t = now();
      if (t - last < windowMs) return false;
      last = t;
      return true;
    },
    reset() {
      last = -Infinity;
    },
  };
}

/** Runs tasks with at most `limit` in flight; a failing task is swallowed (its slot is freed). */
export async function runPool<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = await task(items[i]!);
      } catch {
        results[i] = undefined;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
