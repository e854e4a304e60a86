// The dashboard feature's public API: its queries (the analytics page and moderation use them), its charts and
// period/range choices (the analytics page shows the same), its payload types.
export { invalidateDashboardStats, useAnalytics, useUserGrowth } from './api/dashboard-queries';
export { dashboardKeys } from './api/keys';
export { normalizeStats } from './api/dashboard-api';
export { FinancialChart, ShopChart, UserGrowthChart, topItems } from './components/charts';
export { PERIODS, RANGES } from './utils/choices';
export { useChoices } from './hooks/use-choices';
export type { FinancialPoint, GrowthPeriod, ShopPoint, TimeRange } from './types';
