import type { DashboardStats } from '../types';
import { getDashboardStats } from '../api/dashboard-api';

/** Spec point 9: stats are not re-fetched within 300000 ms. */
export const STATS_CACHE_MS = 300_000;

interface CacheEntry {
  stats: DashboardStats;
  timestamp: number;
}

// Module level on purpose: the cache outlives the dashboard component, so navigating away and back within
// five minutes shows the same numbers without a request.
let cache: CacheEntry | null = null;

export function readStatsCache(now = Date.now()): CacheEntry | null {
  return cache && now - cache.timestamp < STATS_CACHE_MS ? cache : null;
}

export function invalidateStatsCache(): void {
  cache = null;
}

/** Cached stats when fresh; otherwise fetched and cached. `force` (manual refresh) invalidates first. */
export async function loadStats(
  opts: { force?: boolean; fetcher?: () => Promise<DashboardStats> } = {},
): Promise<CacheEntry> {
  if (opts.force) invalidateStatsCache();
  const hit = readStatsCache();
  if (hit) return hit;
  const stats = await (opts.fetcher ?? getDashboardStats)();
  cache = { stats, timestamp: Date.now() };
  return cache;
}
