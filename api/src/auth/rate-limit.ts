import type { Config } from '../config/env';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

/** Fixed-window counters in the database, so several API processes share the limits. */
export async function hitRateLimit(db: Db, config: Config, buckets: Array<{ key: string; max: number }>): Promise<void> {
  const w = config.rateLimit.windowSeconds || 600;
  const windowStart = new Date(Math.floor(Date.now() / 1000 / w) * w * 1000).toISOString();
  for (const b of buckets) {
    const r = await db.query<{ hits: number }>(
      `INSERT INTO wf_auth.rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = wf_auth.rate_limits.hits + 1 RETURNING hits`,
      [b.key, windowStart],
    );
    if (b.max > 0 && Number(r.rows[0]!.hits) > b.max) {
      throw new HttpError(429, 'Too many requests. Please try again later.', 'over_request_rate_limit');
    }
  }
}
