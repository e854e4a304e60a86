import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@wayfarer/query';
import { errorText } from '@wayfarer/api-client';
import { queryView } from '@wayfarer/session';
import type { GrowthPeriod, TimeRange } from '../types';
import { getAnalytics, getDashboardStats, getOnlineUsers, getUserGrowth } from './dashboard-api';
import { dashboardKeys } from './keys';
import { invalidateDashboardStats } from '../../../lib/dashboard-keys';

/** Spec point 9: stats are not re-fetched within 300000 ms (the query's staleTime); the cache can be invalidated. */
export const STATS_CACHE_MS = 300_000;
export const ONLINE_USERS_REFRESH_MS = 30_000;

export const statsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: getDashboardStats,
  staleTime: STATS_CACHE_MS,
  // Kept while no dashboard is on screen, so coming back within five minutes shows the same numbers at once.
  gcTime: STATS_CACHE_MS,
});

/** Marks the stats stale (a dashboard on screen re-fetches at once): after moderation and other writes they count. */
export { invalidateDashboardStats };

/** The panel view of a query (old data kept while re-fetching). */
const panel = <T>(q: UseQueryResult<T>, fallback: string) => queryView(q, (err) => errorText(err, fallback));

export function useDashboardStats() {
  const q = useQuery(statsQuery);
  const client = useQueryClient();
  return {
    ...panel(q, 'Failed to load dashboard data'),
    fetchedAt: q.dataUpdatedAt || null,
    /** Manual refresh: invalidates the cache and fetches. */
    refresh: () => void invalidateDashboardStats(client),
  };
}

/** Spec point 4: online users load on their own and refresh every 30 s while shown. */
export function useOnlineUsers() {
  const q = useQuery({
    queryKey: dashboardKeys.onlineUsers(),
    queryFn: getOnlineUsers,
    refetchInterval: ONLINE_USERS_REFRESH_MS,
  });
  // The refresh runs in the background: the list stays, no loading state.
  return { ...panel(q, 'Failed to load online users'), loading: q.isPending && q.isFetching };
}

export function useUserGrowth(period: GrowthPeriod) {
  return panel(
    useQuery({ queryKey: dashboardKeys.userGrowth(period), queryFn: () => getUserGrowth(period) }),
    'Failed to load analytics data',
  );
}

export function useAnalytics(range: TimeRange) {
  return panel(
    useQuery({ queryKey: dashboardKeys.analytics(range), queryFn: () => getAnalytics(range) }),
    'Failed to load analytics data',
  );
}
