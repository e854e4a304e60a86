import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminStatsResponse,
  AnalyticsQuery,
  AnalyticsResponse,
  ImageReviewInput,
  ImageReviewResponse,
  OnlineUsersResponse,
  PendingImagesResponse,
  UserGrowthQuery,
  UserGrowthResponse,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { audit } from '../services/audit';

const ONLINE_WINDOW = "interval '5 minutes'";
const PERIOD_UNIT = { day: 'day', week: 'week', month: 'month' } as const;
const RANGE = { daily: { unit: 'day', span: '30 days' }, weekly: { unit: 'week', span: '12 weeks' }, monthly: { unit: 'month', span: '12 months' } } as const;

const ImageIdParam = z.object({ id: z.string().uuid() });

export async function adminRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
  const n = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string | number | null }>(sql, params))?.n ?? 0);

  app.get('/admin/stats', { schema: { summary: 'Dashboard stats (spec point 3)', 'x-auth': 'admin', response: { 200: AdminStatsResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const pct = (now: number, prev: number) => (prev === 0 ? (now > 0 ? 100 : 0) : Math.round(((now - prev) / prev) * 1000) / 10);
    const [pending, approved, users, sights, avatars, themes, recent, imgThis, imgPrev, usrThis, usrPrev, uploadsWeek, usersMonth] = await Promise.all([
      n("SELECT count(*) AS n FROM public.sight_images WHERE status = 'pending'"),
      n("SELECT count(*) AS n FROM public.sight_images WHERE status = 'approved'"),
      n('SELECT count(*) AS n FROM auth.users'),
      n('SELECT count(*) AS n FROM public.sights WHERE NOT hidden'),
      n("SELECT count(*) AS n FROM public.profiles WHERE avatar_url IS NOT NULL AND avatar_url <> ''"),
      n('SELECT count(*) AS n FROM public.themes WHERE is_active'),
      n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > now() - interval '24 hours'"),
      n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > now() - interval '30 days'"),
      n("SELECT count(*) AS n FROM public.sight_images WHERE created_at BETWEEN now() - interval '60 days' AND now() - interval '30 days'"),
      n("SELECT count(*) AS n FROM auth.users WHERE created_at > now() - interval '30 days'"),
      n("SELECT count(*) AS n FROM auth.users WHERE created_at BETWEEN now() - interval '60 days' AND now() - interval '30 days'"),
      n("SELECT count(*) AS n FROM public.sight_images WHERE created_at > date_trunc('week', now())"),
      n("SELECT count(*) AS n FROM auth.users WHERE created_at > date_trunc('month', now())"),
    ]);
    const top = (await db.query<{ country: string; count: number }>(
      `SELECT COALESCE(country, country_code, 'Unknown') AS country, count(*)::int AS count FROM public.sights WHERE NOT hidden
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    )).rows;
    const today = "created_at >= date_trunc('day', now())";
    const [online, revenue, expenses, openai, tokens, sales, shopRevenue] = await Promise.all([
      n(`SELECT count(DISTINCT COALESCE(user_id::text, session_id)) AS n FROM public.presence WHERE last_seen > now() - ${ONLINE_WINDOW}`),
      n(`SELECT COALESCE(sum(amount_cents), 0) AS n FROM public.payments WHERE ${today}`),
      n(`SELECT COALESCE(sum(amount_cents), 0) AS n FROM public.analytics_events WHERE kind IN ('expense', 'guide_generation') AND ${today}`),
      // Exact provider cost in cents (meta.cost_usd; amount_cents is rounded to whole cents), including tokens billed
      // by a failed request that fell back to the local writer (meta.provider = 'openai').
      n(`SELECT COALESCE(sum(COALESCE((meta->>'cost_usd')::numeric * 100, amount_cents)), 0) AS n FROM public.analytics_events
          WHERE kind = 'guide_generation' AND (meta->>'writer' = 'openai' OR meta->>'provider' = 'openai') AND ${today}`),
      n(`SELECT COALESCE(sum(tokens), 0) AS n FROM public.analytics_events WHERE kind = 'guide_generation' AND ${today}`),
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
        activity: { images_pending_review: pending, uploads_this_week: uploadsWeek, new_users_this_month: usersMonth },
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
  });

  app.get('/admin/online-users', { schema: { summary: 'Sessions seen in the last minutes', 'x-auth': 'admin', response: { 200: OnlineUsersResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const { rows } = await db.query<z.input<typeof OnlineUsersResponse>['onlineUsers'][number]>(
      `SELECT DISTINCT ON (COALESCE(pr.user_id::text, pr.session_id)) COALESCE(pr.user_id::text, pr.session_id) AS id,
              COALESCE(p.display_name, 'Anonymous') AS display_name, pr.last_seen, pr.session_id, pr.ip_address, '' AS email
         FROM public.presence pr LEFT JOIN public.profiles p ON p.id = pr.user_id
        WHERE pr.last_seen > now() - ${ONLINE_WINDOW}
        ORDER BY COALESCE(pr.user_id::text, pr.session_id), pr.last_seen DESC`,
    );
    return { ok: true as const, onlineUsers: rows };
  });

  app.get('/admin/user-growth', { schema: { summary: 'New users per period', 'x-auth': 'admin', querystring: UserGrowthQuery, response: { 200: UserGrowthResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const { period } = req.query;
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
      return { timestamp: new Date(r.period).toISOString(), period: new Date(r.period).toISOString(), newUsers: r.newUsers, totalUsers: r.totalUsers, growthRate: prev > 0 ? Math.round((r.newUsers / prev) * 1000) / 10 : r.newUsers > 0 ? 100 : 0 };
    });
    return { ok: true as const, data };
  });

  app.get('/admin/analytics', { schema: { summary: 'Financial or shop analytics over a time range', 'x-auth': 'admin', querystring: AnalyticsQuery, response: { 200: AnalyticsResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const { timeRange, type } = req.query;
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
      ).rows.map((r) => ({ date: day(r.date), income: r.income / 100, expenses: r.expenses / 100, net: (r.income - r.expenses) / 100 }));
    const shop = async () =>
      (
        await db.query<{ date: string; sales: number; revenue: number; top_items: { name: string; sales: number }[] | null }>(
          `WITH b AS (${series})
           SELECT b.p AS date, count(pu.id)::int AS sales, COALESCE(sum(pu.price), 0)::int AS revenue,
                  (SELECT json_agg(json_build_object('name', t.name, 'sales', t.n) ORDER BY t.n DESC, t.name)
                     FROM (SELECT i.name, count(*)::int AS n FROM public.purchases q JOIN public.shop_items i ON i.id = q.item_id
                            WHERE q.created_at >= b.p AND q.created_at < b.p + interval '1 ${unit}' GROUP BY i.name ORDER BY n DESC, i.name LIMIT 3) t) AS top_items
             FROM b LEFT JOIN public.purchases pu ON pu.created_at >= b.p AND pu.created_at < b.p + interval '1 ${unit}'
            GROUP BY b.p ORDER BY b.p`,
        )
      ).rows.map((r) => ({ date: day(r.date), sales: r.sales, revenue: r.revenue, top_items: r.top_items ?? [] }));
    // `type` lets the dashboard fetch the two series in parallel; without it both come back (spec point 7).
    if (type === 'financial') return { ok: true as const, financial: await financial() };
    if (type === 'shop') return { ok: true as const, shop: await shop() };
    return { ok: true as const, financial: await financial(), shop: await shop() };
  });

  // ---- pending images
  app.get('/admin/images/pending', { schema: { summary: 'Images waiting for review', 'x-auth': 'admin', response: { 200: PendingImagesResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const { rows } = await db.query<z.input<typeof PendingImagesResponse>['items'][number]>(
      `SELECT i.id, i.sight_id, s.name AS sight_name, i.user_id, p.display_name AS uploader_name, i.storage_path, i.width, i.height, i.bytes, i.created_at
         FROM public.sight_images i JOIN public.sights s ON s.id = i.sight_id LEFT JOIN public.profiles p ON p.id = i.user_id
        WHERE i.status = 'pending' ORDER BY i.created_at`,
    );
    return { ok: true as const, items: rows };
  });
  const review = (status: 'approved' | 'rejected') => async (req: FastifyRequest<{ Params: { id?: string }; Body?: { ids: string[] } }>) => {
    const admin = await auth.requireAdmin(req);
    const p = req.params;
    const ids = p.id ? [p.id] : req.body!.ids;
    const updated = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: string }>(
        'UPDATE public.sight_images SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = ANY($1::uuid[]) RETURNING id',
        [ids, status, admin.id],
      );
      if (p.id && !r.rowCount) throw notFound('Image not found');
      for (const row of r.rows) await audit(tx, admin.id, `image.${status === 'approved' ? 'approve' : 'reject'}`, 'sight_image', row.id);
      return r.rows.map((x) => x.id);
    });
    return { ok: true as const, updated, message: `${updated.length} image(s) ${status}` };
  };
  for (const [action, status] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    const what = action === 'approve' ? 'Approve' : 'Reject';
    app.post(`/admin/images/${action}`, { schema: { summary: `${what} images`, 'x-auth': 'admin', body: ImageReviewInput, response: { 200: ImageReviewResponse } } }, review(status));
    app.post(
      `/admin/images/:id/${action}`,
      { schema: { summary: `${what} one image`, 'x-auth': 'admin', params: ImageIdParam, response: { 200: ImageReviewResponse } } },
      review(status),
    );
  }
}
