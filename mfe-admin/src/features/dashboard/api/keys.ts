import type { GrowthPeriod, TimeRange } from '../types';

/** Query keys of the dashboard (and of the analytics page, which reads the same series). */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  onlineUsers: () => [...dashboardKeys.all, 'online-users'] as const,
  userGrowth: (period: GrowthPeriod) => [...dashboardKeys.all, 'user-growth', period] as const,
  analytics: (range: TimeRange) => [...dashboardKeys.all, 'analytics', range] as const,
};
