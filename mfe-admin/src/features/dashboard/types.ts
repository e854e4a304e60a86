/** Spec point 3 'Dashboard stats'; numbers default to 0 and lists to empty when the server omits them. */
export interface DashboardStats {
  pending_images: number;
  approved_images: number;
  total_users: number;
  total_sights: number;
  total_avatars: number;
  active_themes: number;
  recent_uploads: number;
  image_growth_percent: number;
  user_growth_percent: number;
  top_countries: { country: string; count: number }[];
  activity: { images_pending_review: number; uploads_this_week: number; new_users_this_month: number };
  analytics: {
    online_users_count: number;
    revenue_today: number;
    expenses_today: number;
    openai_cost_today: number;
    tokens_used_today: number;
    shop_sales_today: number;
    shop_revenue_today: number;
  };
}

export interface OnlineUser {
  id: string;
  display_name: string;
  email: string;
  last_seen: string | null;
  session_id: string | null;
  ip_address: string | null;
}

export type GrowthPeriod = 'day' | 'week' | 'month';
export interface UserGrowthPoint {
  period: string;
  newUsers: number;
  totalUsers: number;
  growthRate: number;
}

export type TimeRange = 'daily' | 'weekly' | 'monthly';
export interface FinancialPoint {
  date: string;
  income: number;
  expenses: number;
  netProfit: number;
}
export interface ShopPoint {
  date: string;
  sales: number;
  revenue: number;
  top_items: { name: string; sales: number }[];
}
export interface AnalyticsData {
  financial: FinancialPoint[];
  shop: ShopPoint[];
}
