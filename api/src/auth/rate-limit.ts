import type { Config } from '../config/env';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

/** When each database was last swept of ended windows (by this process). */
const lastSweep = new WeakMap<Db, number>();

/**
 * Deletes the counters of windows that have ended: only the current window is ever read again. Runs at most once
 * per window length per process (the first hit of a process sweeps at once), so the table holds about one
 * window's buckets instead of growing with every address and IP ever seen.
 */
async function sweepEndedWindows(db: Db, windowMs: number, windowStart: Date): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? -Infinity) < windowMs) return;
  lastSweep.set(db, now);
  await db.query('DELETE FROM wf_auth.rate_limits WHERE window_start < $1', [windowStart.toISOString()]);
}

/** Fixed-window counters in the database, so several API processes share the limits. */
export async function hitRateLimit(
  db: Db,
  config: Config,
  buckets: Array<{ key: string; max: number }>,
): Promise<void> {
  const w = config.rateLimit.windowSeconds || 600;
  const windowStart = new Date(Math.floor(Date.now() / 1000 / w) * w * 1000);
  await sweepEndedWindows(db, w * 1000, windowStart);
  for (const b of buckets) {
    const r = await db.query<{ hits: number }>(
      `INSERT INTO wf_auth.rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = wf_auth.rate_limits.hits + 1 RETURNING hits`,
      [b.key, windowStart.toISOString()],
    );
    if (b.max > 0 && Number(r.rows[0]!.hits) > b.max) {
      throw new HttpError(429, 'Too many requests. Please try again later.', 'over_request_rate_limit');
    }
  }
}
