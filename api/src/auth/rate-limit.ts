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

/** A 429 that says when to try again (the auth routes send it as Retry-After, in seconds). */
export class RetryLaterError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many failed attempts. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      'over_request_rate_limit',
    );
  }
}

/** A back-off counter: `after` failures are free, and a successful try clears it (`clearOnSuccess`) or not. */
export interface BackoffBucket {
  key: string;
  after: number;
  clearOnSuccess: boolean;
}

const lastFailureSweep = new WeakMap<Db, number>();

/** One claimed try: the caller reports success, which gives the try back (failures are all that count). */
export interface SigninAttempt {
  succeeded(): Promise<void>;
}

/**
 * Exponential back-off on failed sign-ins, in the database so every API copy shares it. A try is claimed before
 * the credentials are checked: it counts as a failure until `succeeded()` takes it back, so a burst of parallel
 * guesses cannot all pass before the first failures are written (each claim holds the bucket's row lock). With
 * `after` failures or more, the next try waits base × 2^(failures − after) seconds (at most max) after the last
 * one, and is refused with RetryLaterError until then; failures are forgotten after a quiet `forgetSeconds`. A
 * success clears an address's counter (its owner is not slowed by their own typos) and only gives its own try back
 * to an IP's, so one valid account does not reset an address's guesses at other accounts.
 */
export async function claimSigninAttempt(
  db: Db,
  config: Config,
  buckets: BackoffBucket[],
): Promise<SigninAttempt> {
  const { baseSeconds, maxSeconds, forgetSeconds } = config.signinBackoff;
  // Counters quiet for longer than forgetSeconds count as zero: delete them now and then (once an hour per process).
  if (Date.now() - (lastFailureSweep.get(db) ?? -Infinity) > 3600_000) {
    lastFailureSweep.set(db, Date.now());
    await db.query(
      'DELETE FROM wf_auth.signin_failures WHERE last_failure_at < now() - make_interval(secs => $1)',
      [forgetSeconds],
    );
  }
  await db.transaction(async (tx) => {
    for (const b of buckets) {
      await tx.query(
        'INSERT INTO wf_auth.signin_failures (bucket, failures) VALUES ($1, 0) ON CONFLICT (bucket) DO NOTHING',
        [b.key],
      );
      const r = await tx.query<{ failures: number; quiet_seconds: number }>(
        `SELECT failures, extract(epoch FROM now() - last_failure_at)::float8 AS quiet_seconds
         FROM wf_auth.signin_failures WHERE bucket = $1 FOR UPDATE`,
        [b.key],
      );
      const row = r.rows[0]!;
      const quiet = Number(row.quiet_seconds);
      const failures = quiet > forgetSeconds ? 0 : Number(row.failures);
      if (failures >= b.after) {
        const wait = Math.min(maxSeconds, baseSeconds * 2 ** Math.min(30, failures - b.after));
        if (quiet < wait) throw new RetryLaterError(Math.max(1, Math.ceil(wait - quiet)));
      }
      await tx.query(
        'UPDATE wf_auth.signin_failures SET failures = $2, last_failure_at = now() WHERE bucket = $1',
        [b.key, failures + 1],
      );
    }
  });
  let settled = false;
  return {
    async succeeded() {
      if (settled) return;
      settled = true;
      for (const b of buckets) {
        if (b.clearOnSuccess)
          await db.query('DELETE FROM wf_auth.signin_failures WHERE bucket = $1', [b.key]);
        else
          await db.query(
            'UPDATE wf_auth.signin_failures SET failures = greatest(failures - 1, 0) WHERE bucket = $1',
            [b.key],
          );
      }
    },
  };
}
