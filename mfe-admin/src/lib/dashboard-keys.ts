import type { QueryClient } from '@wayfarer/query';
import type { GrowthPeriod, TimeRange } from '../features/dashboard';

/**
 * Query keys of the dashboard (and of the analytics page, which reads the same series), here in lib because other
 * features' writes (moderation, themes, content) invalidate the dashboard's 5-minute stats without loading its
 * page and charts.
 */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  onlineUsers: () => [...dashboardKeys.all, 'online-users'] as const,
  userGrowth: (period: GrowthPeriod) => [...dashboardKeys.all, 'user-growth', period] as const,
  analytics: (range: TimeRange) => [...dashboardKeys.all, 'analytics', range] as const,
};

/** The dashboard's stats are read again at their next use (after a write that changes them). */
export function invalidateDashboardStats(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: dashboardKeys.stats() });
}
