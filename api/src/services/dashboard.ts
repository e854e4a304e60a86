import type { AnalyticsResponse, OnlineUsersResponse } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/types';

/** The admin dashboard's numbers (spec point 3), all from the real tables. */
const ONLINE_WINDOW = "interval '5 minutes'";
const PERIOD_UNIT = { day: 'day', week: 'week', month: 'month' } as const;
const RANGE = {
  daily: { unit: 'day', span: '30 days' },
  weekly: { unit: 'week', span: '12 weeks' },
  monthly: { unit: 'month', span: '12 months' },
} as const;

const one = async <T>(db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows[0];
const count =
  (db: Queryable) =>
  async (sql: string, params: unknown[] = []) =>
    Number((await one<{ n: string | number | null }>(db, sql, params))?.n ?? 0);

export async function dashboardStats(db: Queryable) {
  const n = count(db);
  const pct = (now: number, prev: number) =>
    prev === 0 ? (now > 0 ? 100 : 0) : Math.round(((now - prev) / prev) * 1000) / 10;
  const [
    pending,
    approved,
    users,
    sights,
    avatars,
    themes,
    recent,
    imgThis,
    imgPrev,
    usrThis,
    usrPrev,
    uploadsWeek,
    usersMonth,
  ] = await Promise.all([
    n("SELECT count(*) AS n FROM public.sight_images WHERE status = 'pending'"),
    n("SELECT count(*) AS n FROM public.sight_images WHERE status = 'approved'"),
    n('SELECT count(*) AS n FROM auth.users'),
    n('SELECT count(*) AS n FROM public.sights WHERE NOT hidden'),
    n("SELECT count(*) AS n FROM public.profiles WHERE avatar_url IS NOT NULL AND avatar_url <> ''"),
    n('SELECT count(*) AS n FROM public.themes WHERE is_active'),
    n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > now() - interval '24 hours'"),
    n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > now() - interval '30 days'"),
    n(
      "SELECT count(*) AS n FROM public.sight_images WHERE created_at BETWEEN now() - interval '60 days' AND now() - interval '30 days'",
    ),
    n("SELECT count(*) AS n FROM auth.users WHERE created_at > now() - interval '30 days'"),
    n(
      "SELECT count(*) AS n FROM auth.users WHERE created_at BETWEEN now() - interval '60 days' AND now() - interval '30 days'",
    ),
    n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > date_trunc('week', now())"),
    n("SELECT count(*) AS n FROM auth.users WHERE created_at > date_trunc('month', now())"),
  ]);
  const top = (
    await db.query<{ country: string; count: number }>(
      `SELECT COALESCE(country, country_code, 'Unknown') AS country, count(*)::int AS count FROM public.sights WHERE NOT hidden
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    )
  ).rows;
  const today = "created_at >= date_trunc('day', now())";
  const [online, revenue, expenses, openai, tokens, sales, shopRevenue] = await Promise.all([
    n(
      `SELECT count(DISTINCT COALESCE(user_id::text, session_id)) AS n FROM public.presence WHERE last_seen > now() - ${ONLINE_WINDOW}`,
    ),
    n(`SELECT COALESCE(sum(amount_cents), 0) AS n FROM public.payments WHERE ${today}`),
    n(
      `SELECT COALESCE(sum(amount_cents), 0) AS n FROM public.analytics_events WHERE kind IN ('expense', 'guide_generation') AND ${today}`,
    ),
    // Exact provider cost in cents (meta.cost_usd; amount_cents is rounded to whole cents), including tokens billed
    // by a failed request that fell back to the local writer (meta.provider = 'openai').
    n(`SELECT COALESCE(sum(COALESCE((meta->>'cost_usd')::numeric * 100, amount_cents)), 0) AS n FROM public.analytics_events
        WHERE kind = 'guide_generation' AND (meta->>'writer' = 'openai' OR meta->>'provider' = 'openai') AND ${today}`),
    n(
      `SELECT COALESCE(sum(tokens), 0) AS n FROM public.analytics_events WHERE kind = 'guide_generation' AND ${today}`,
    ),
    n(`SELECT count(*) AS n FROM public.purchases WHERE ${today}`),
    n(`SELECT COALESCE(sum(price), 0) AS n FROM public.purchases WHERE ${today}`),
  ]);
  return {
    ok: true as const,
    stats: {
      pending_images: pending,
      approved_images: approved,
      total_users: users,
      total_sights: sights,
      total_avatars: avatars,
      active_themes: themes,
      recent_uploads: recent,
      image_growth_percent: pct(imgThis, imgPrev),
      user_growth_percent: pct(usrThis, usrPrev),
      top_countries: top,
      activity: {
        images_pending_review: pending,
        uploads_this_week: uploadsWeek,
        new_users_this_month: usersMonth,
      },
      analytics: {
        online_users_count: online,
        revenue_today: revenue / 100,
        expenses_today: expenses / 100,
        openai_cost_today: openai / 100,
        tokens_used_today: tokens,
        shop_sales_today: sales,
        shop_revenue_today: shopRevenue,
      },
    },
  };
}

export async function onlineUsers(db: Queryable) {
  const { rows } = await db.query<z.input<typeof OnlineUsersResponse>['onlineUsers'][number]>(
    `SELECT DISTINCT ON (COALESCE(pr.user_id::text, pr.session_id)) COALESCE(pr.user_id::text, pr.session_id) AS id,
            COALESCE(p.display_name, 'Anonymous') AS display_name, pr.last_seen, pr.session_id, pr.ip_address, '' AS email
       FROM public.presence pr LEFT JOIN public.profiles p ON p.id = pr.user_id
      WHERE pr.last_seen > now() - ${ONLINE_WINDOW}
      ORDER BY COALESCE(pr.user_id::text, pr.session_id), pr.last_seen DESC`,
  );
  return { ok: true as const, onlineUsers: rows };
}

export async function userGrowth(db: Queryable, period: keyof typeof PERIOD_UNIT) {
  const unit = PERIOD_UNIT[period];
  const span = period === 'day' ? '30 days' : period === 'week' ? '12 weeks' : '12 months';
  const { rows } = await db.query<{ period: string; newUsers: number; totalUsers: number }>(
    `WITH b AS (SELECT generate_series(date_trunc('${unit}', now() - interval '${span}'), date_trunc('${unit}', now()), interval '1 ${unit}') AS p)
     SELECT b.p AS period,
            (SELECT count(*)::int FROM auth.users u WHERE u.created_at >= b.p AND u.created_at < b.p + interval '1 ${unit}') AS "newUsers",
            (SELECT count(*)::int FROM auth.users u WHERE u.created_at < b.p + interval '1 ${unit}') AS "totalUsers"
       FROM b ORDER BY b.p`,
  );
  const data = rows.map((r) => {
    const prev = r.totalUsers - r.newUsers;
    return {
      timestamp: new Date(r.period).toISOString(),
      period: new Date(r.period).toISOString(),
      newUsers: r.newUsers,
      totalUsers: r.totalUsers,
      growthRate: prev > 0 ? Math.round((r.newUsers / prev) * 1000) / 10 : r.newUsers > 0 ? 100 : 0,
    };
  });
  return { ok: true as const, data };
}

export async function analytics(
  db: Queryable,
  timeRange: keyof typeof RANGE,
  type: 'financial' | 'shop' | undefined,
): Promise<z.input<typeof AnalyticsResponse>> {
  const { unit, span } = RANGE[timeRange];
  const series = `SELECT generate_series(date_trunc('${unit}', now() - interval '${span}'), date_trunc('${unit}', now()), interval '1 ${unit}') AS p`;
  const day = (d: string) => new Date(d).toISOString().slice(0, 10);
  const financial = async () =>
    (
      await db.query<{ date: string; income: number; expenses: number }>(
        `WITH b AS (${series})
         SELECT b.p AS date,
                (SELECT COALESCE(sum(amount_cents), 0)::int FROM public.payments x WHERE x.created_at >= b.p AND x.created_at < b.p + interval '1 ${unit}') AS income,
                (SELECT COALESCE(sum(amount_cents), 0)::int FROM public.analytics_events e WHERE e.kind IN ('expense', 'guide_generation') AND e.created_at >= b.p AND e.created_at < b.p + interval '1 ${unit}') AS expenses
           FROM b ORDER BY b.p`,
      )
    ).rows.map((r) => ({
      date: day(r.date),
      income: r.income / 100,
      expenses: r.expenses / 100,
      net: (r.income - r.expenses) / 100,
    }));
  const shop = async () =>
    (
      await db.query<{
        date: string;
        sales: number;
        revenue: number;
        top_items: { name: string; sales: number }[] | null;
      }>(
        `WITH b AS (${series})
         SELECT b.p AS date, count(pu.id)::int AS sales, COALESCE(sum(pu.price), 0)::int AS revenue,
                (SELECT json_agg(json_build_object('name', t.name, 'sales', t.n) ORDER BY t.n DESC, t.name)
                   FROM (SELECT i.name, count(*)::int AS n FROM public.purchases q JOIN public.shop_items i ON i.id = q.item_id
                          WHERE q.created_at >= b.p AND q.created_at < b.p + interval '1 ${unit}' GROUP BY i.name ORDER BY n DESC, i.name LIMIT 3) t) AS top_items
           FROM b LEFT JOIN public.purchases pu ON pu.created_at >= b.p AND pu.created_at < b.p + interval '1 ${unit}'
          GROUP BY b.p ORDER BY b.p`,
      )
    ).rows.map((r) => ({
      date: day(r.date),
      sales: r.sales,
      revenue: r.revenue,
      top_items: r.top_items ?? [],
    }));
  // `type` lets the dashboard fetch the two series in parallel; without it both come back (spec point 7).
  if (type === 'financial') return { ok: true as const, financial: await financial() };
  if (type === 'shop') return { ok: true as const, shop: await shop() };
  return { ok: true as const, financial: await financial(), shop: await shop() };
}
