import type { Config } from '../config/env';
import type { Queryable } from '../db/types';
import { sweepPresence } from './presence';
import { sweepReleaseSessions } from './releases';

/** When each database was last swept (by this process). */
const lastSweep = new WeakMap<object, number>();

/**
 * Deletes what anonymous requests wrote and nobody needs any more: presence rows not seen for
 * PRESENCE_TTL_SECONDS, release sessions (and their load-failure reports) older than RELEASE_SESSION_TTL_SECONDS.
 * Called on those writes, at most once per ANONYMOUS_SWEEP_INTERVAL_SECONDS per process (0 = on every write), so
 * the tables stay bounded without a timer.
 */
export async function sweepAnonymousRows(db: Queryable, config: Config): Promise<void> {
  const every = config.anonymousSweepIntervalSeconds * 1000;
  const now = Date.now();
  if (every > 0 && now - (lastSweep.get(db) ?? -Infinity) < every) return;
  lastSweep.set(db, now);
  await sweepPresence(db, config.presence.ttlSeconds);
  await sweepReleaseSessions(db, config.releases);
}
