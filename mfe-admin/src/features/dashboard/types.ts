import type {
  AdminStats,
  FinancialPoint as ApiFinancialPoint,
  ShopAnalyticsPoint,
  UserGrowthPoint as ApiUserGrowthPoint,
} from '@wayfarer/contracts';

/** The dashboard's payloads are the contracts' (spec point 3 'Dashboard stats', online users, growth, analytics). */
export type { GrowthPeriod, OnlineUser, TimeRange } from '@wayfarer/contracts';
export type DashboardStats = AdminStats;
export type ShopPoint = ShopAnalyticsPoint;
/** A growth point as charted (the API's, without its raw timestamp). */
export type UserGrowthPoint = Omit<ApiUserGrowthPoint, 'timestamp'>;
/** A financial point as shown: the API's, with the net profit worked out here from income and expenses. */
export type FinancialPoint = Omit<ApiFinancialPoint, 'net'> & { netProfit: number };
export interface AnalyticsData {
  financial: FinancialPoint[];
  shop: ShopPoint[];
}
