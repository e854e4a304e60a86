import {
  ApiError,
  AppError,
  getAdminAnalytics,
  getAdminOnlineUsers,
  getAdminStats,
  getAdminUserGrowth,
} from '@wayfarer/api-client';
import { getAccessToken, getSupabase } from '@wayfarer/session';
import { noteForbidden } from '../../../lib/admin-request';
import type {
  AnalyticsData,
  DashboardStats,
  FinancialPoint,
  GrowthPeriod,
  OnlineUser,
  ShopPoint,
  TimeRange,
  UserGrowthPoint,
} from '../types';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const rec = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The dashboard calls need a signed-in user and then a token, each with its own message (spec point 8). */
export async function dashboardToken(): Promise<string> {
  const { data } = await getSupabase().auth.getSession();
  if (!data.session?.user) throw new AppError('User not authenticated');
  const token = data.session.access_token || (await getAccessToken());
  if (!token) throw new AppError('No access token available');
  return token;
}

/**
 * Runs one dashboard call with the token; a failed answer becomes the spec's message for that call (`failed`
 * gets the status), a 403 also switches the layout to 'Admins only'.
 */
async function dashboardCall<T>(
  call: (token: string) => Promise<T>,
  failed: (err: ApiError) => string,
): Promise<T> {
  const token = await dashboardToken();
  try {
    return await call(token);
  } catch (err) {
    noteForbidden(err);
    throw err instanceof ApiError ? new AppError(failed(err)) : err;
  }
}
/** Spec point 8: 'HTTP {status}' unless the server sent its own error text. */
const httpStatus = (err: ApiError) => str(rec(err.body).error) ?? `HTTP ${err.status}`;

/** Spec point 3: numbers default to 0 and lists to empty when the server leaves them out. */
export function normalizeStats(raw: unknown): DashboardStats {
  const s = rec(raw);
  const act = rec(s.activity);
  const an = rec(s.analytics);
  return {
    pending_images: num(s.pending_images),
    approved_images: num(s.approved_images),
    total_users: num(s.total_users),
    total_sights: num(s.total_sights),
    total_avatars: num(s.total_avatars),
    active_themes: num(s.active_themes),
    recent_uploads: num(s.recent_uploads),
    image_growth_percent: num(s.image_growth_percent),
    user_growth_percent: num(s.user_growth_percent),
    top_countries: list(s.top_countries).map((c) => ({
      country: str(rec(c).country) ?? '—',
      count: num(rec(c).count),
    })),
    activity: {
      images_pending_review: num(act.images_pending_review),
      uploads_this_week: num(act.uploads_this_week),
      new_users_this_month: num(act.new_users_this_month),
    },
    analytics: {
      online_users_count: num(an.online_users_count),
      revenue_today: num(an.revenue_today),
      expenses_today: num(an.expenses_today),
      openai_cost_today: num(an.openai_cost_today),
      tokens_used_today: num(an.tokens_used_today),
      shop_sales_today: num(an.shop_sales_today),
      shop_revenue_today: num(an.shop_revenue_today),
    },
  };
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const body = rec(await dashboardCall(getAdminStats, httpStatus));
  if (body.ok === false) throw new AppError(str(body.error) ?? 'Invalid response format');
  if (!body.stats || typeof body.stats !== 'object') throw new AppError('Invalid response format');
  return normalizeStats(body.stats);
}

export async function getOnlineUsers(): Promise<OnlineUser[]> {
  const { onlineUsers } = await dashboardCall(getAdminOnlineUsers, httpStatus);
  if (!Array.isArray(onlineUsers)) throw new AppError('Invalid response format');
  return onlineUsers.map((u) => ({
    id: String(u.id ?? ''),
    // No name: the panel says 'Anonymous' in the UI's language.
    display_name: str(u.display_name) ?? '',
    email: '',
    last_seen: str(u.last_seen) ?? '',
    session_id: str(u.session_id) ?? '',
    ip_address: str(u.ip_address),
  }));
}

export async function getUserGrowth(period: GrowthPeriod): Promise<UserGrowthPoint[]> {
  const { data } = await dashboardCall(
    (t) => getAdminUserGrowth(period, t),
    (e) => `User growth fetch failed: ${e.status}`,
  );
  if (!Array.isArray(data)) throw new AppError('Invalid response format');
  return data.map((p) => ({
    period: str(p.period) ?? '',
    newUsers: num(p.newUsers),
    totalUsers: num(p.totalUsers),
    growthRate: num(p.growthRate),
  }));
}

export const netProfit = (income: number, expenses: number): number =>
  Math.round((income - expenses) * 100) / 100;

export function normalizeFinancial(raw: readonly unknown[]): FinancialPoint[] {
  return raw.map((p) => {
    const o = rec(p);
    const income = num(o.income);
    const expenses = num(o.expenses);
    return { date: str(o.date) ?? '', income, expenses, netProfit: netProfit(income, expenses) };
  });
}

export function normalizeShop(raw: readonly unknown[]): ShopPoint[] {
  return raw.map((p) => {
    const o = rec(p);
    return {
      date: str(o.date) ?? '',
      sales: num(o.sales),
      revenue: num(o.revenue),
      top_items: list(o.top_items).map((t) => ({ name: str(rec(t).name) ?? '', sales: num(rec(t).sales) })),
    };
  });
}

/** Financial and shop series for one time range; the two calls run in parallel. */
export async function getAnalytics(range: TimeRange = 'daily'): Promise<AnalyticsData> {
  const part = (type: 'financial' | 'shop') =>
    dashboardCall(
      (t) => getAdminAnalytics(range, type, t),
      (e) => `Analytics fetch failed: ${e.status}`,
    );
  const [fin, shop] = await Promise.all([part('financial'), part('shop')]);
  if (!Array.isArray(fin.financial) || !Array.isArray(shop.shop)) {
    throw new AppError('Invalid response format from one or both endpoints');
  }
  return { financial: normalizeFinancial(fin.financial), shop: normalizeShop(shop.shop) };
}
