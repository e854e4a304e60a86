import { ApiError, request } from '@wayfarer/api-client';
import { getAccessToken, getSupabase } from '@wayfarer/session';
import { noteForbidden } from '../../../lib/admin-request';
import type {
  AnalyticsData, DashboardStats, FinancialPoint, GrowthPeriod, OnlineUser, ShopPoint, TimeRange, UserGrowthPoint,
} from '../types';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The dashboard calls need a signed-in user and then a token, each with its own message (spec point 8). */
export async function dashboardToken(): Promise<string> {
  const { data } = await getSupabase().auth.getSession();
  if (!data.session?.user) throw new Error('User not authenticated');
  const token = data.session.access_token || (await getAccessToken());
  if (!token) throw new Error('No access token available');
  return token;
}

/** 'HTTP {status}' unless the server sent its own error text. */
async function dashboardGet(path: string, token: string): Promise<Record<string, unknown>> {
  try {
    return rec(await request(path, { token }));
  } catch (err) {
    noteForbidden(err);
    if (err instanceof ApiError) {
      const body = rec(err.body);
      const text = typeof body.error === 'string' && body.error ? body.error : `HTTP ${err.status}`;
      throw new ApiError(text, err.status, err.body);
    }
    throw err;
  }
}

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
    top_countries: Array.isArray(s.top_countries)
      ? s.top_countries.map((c) => {
          const o = rec(c);
          return { country: str(o.country) ?? str(o.name) ?? str(o.country_code) ?? '—', count: num(o.count ?? o.total) };
        })
      : [],
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
  const token = await dashboardToken();
  const body = await dashboardGet('/admin/stats', token);
  if (body.ok === false) throw new Error(str(body.error) ?? 'Invalid response format');
  if (!body.stats || typeof body.stats !== 'object') throw new Error('Invalid response format');
  return normalizeStats(body.stats);
}

export async function getOnlineUsers(): Promise<OnlineUser[]> {
  const token = await dashboardToken();
  const body = await dashboardGet('/admin/online-users', token);
  if (!Array.isArray(body.onlineUsers)) throw new Error('Invalid response format');
  return body.onlineUsers.map((u) => {
    const o = rec(u);
    return {
      id: String(o.id ?? o.user_id ?? ''),
      display_name: str(o.display_name) ?? 'Anonymous',
      email: '',
      last_seen: str(o.last_seen),
      session_id: str(o.session_id),
      ip_address: str(o.ip_address),
    };
  });
}

export async function getUserGrowth(period: GrowthPeriod): Promise<UserGrowthPoint[]> {
  const token = await dashboardToken();
  let body: Record<string, unknown>;
  try {
    body = rec(await request(`/admin/user-growth?period=${period}`, { token }));
  } catch (err) {
    noteForbidden(err);
    if (err instanceof ApiError) throw new Error(`User growth fetch failed: ${err.status}`);
    throw err;
  }
  if (!Array.isArray(body.data)) throw new Error('Invalid response format');
  return body.data.map((p) => {
    const o = rec(p);
    return {
      period: str(o.period) ?? str(o.timestamp) ?? '',
      newUsers: num(o.newUsers),
      totalUsers: num(o.totalUsers),
      growthRate: num(o.growthRate),
    };
  });
}

export const netProfit = (income: number, expenses: number): number => Math.round((income - expenses) * 100) / 100;

export function normalizeFinancial(raw: unknown[]): FinancialPoint[] {
  return raw.map((p) => {
    const o = rec(p);
    const income = num(o.income);
    const expenses = num(o.expenses);
    return { date: str(o.date) ?? '', income, expenses, netProfit: netProfit(income, expenses) };
  });
}

export function normalizeShop(raw: unknown[]): ShopPoint[] {
  return raw.map((p) => {
    const o = rec(p);
    const top = Array.isArray(o.top_items) ? o.top_items : [];
    return {
      date: str(o.date) ?? '',
      sales: num(o.sales),
      revenue: num(o.revenue),
      top_items: top.map((t) => {
        const ti = rec(t);
        return { name: str(ti.name) ?? String(t ?? ''), sales: num(ti.sales ?? ti.count) };
      }),
    };
  });
}

async function analyticsPart(range: TimeRange, part: 'financial' | 'shop', token: string): Promise<Record<string, unknown>> {
  try {
    return rec(await request(`/admin/analytics?timeRange=${range}&type=${part}`, { token }));
  } catch (err) {
    noteForbidden(err);
    if (err instanceof ApiError) throw new Error(`Analytics fetch failed: ${err.status}`);
    throw err;
  }
}

/** Financial and shop series for one time range; the two calls run in parallel. */
export async function getAnalytics(range: TimeRange = 'daily'): Promise<AnalyticsData> {
  const token = await dashboardToken();
  const [fin, shop] = await Promise.all([analyticsPart(range, 'financial', token), analyticsPart(range, 'shop', token)]);
  if (!Array.isArray(fin.financial) || !Array.isArray(shop.shop)) {
    throw new Error('Invalid response format from one or both endpoints');
  }
  return { financial: normalizeFinancial(fin.financial), shop: normalizeShop(shop.shop) };
}
