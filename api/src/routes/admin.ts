import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { audit } from '../services/audit';
import { SIGHT_COLUMNS } from '../services/sights';

const ONLINE_WINDOW = "interval '5 minutes'";
const PERIOD_UNIT = { day: 'day', week: 'week', month: 'month' } as const;
const RANGE = { daily: { unit: 'day', span: '30 days' }, weekly: { unit: 'week', span: '12 weeks' }, monthly: { unit: 'month', span: '12 months' } } as const;

export async function adminRoutes(app: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
  const n = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string | number | null }>(sql, params))?.n ?? 0);

  app.get('/admin/stats', async (req) => {
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
      n(`SELECT COALESCE(sum(amount_cents), 0) AS n FROM public.analytics_events WHERE kind = 'guide_generation' AND meta->>'writer' = 'openai' AND ${today}`),
      n(`SELECT COALESCE(sum(tokens), 0) AS n FROM public.analytics_events WHERE kind = 'guide_generation' AND ${today}`),
      n(`SELECT count(*) AS n FROM public.purchases WHERE ${today}`),
      n(`SELECT COALESCE(sum(price), 0) AS n FROM public.purchases WHERE ${today}`),
    ]);
    return {
      ok: true,
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

  app.get('/admin/online-users', async (req) => {
    await auth.requireAdmin(req);
    const { rows } = await db.query(
      `SELECT DISTINCT ON (COALESCE(pr.user_id::text, pr.session_id)) COALESCE(pr.user_id::text, pr.session_id) AS id,
              COALESCE(p.display_name, 'Anonymous') AS display_name, pr.last_seen, pr.session_id, pr.ip_address, '' AS email
         FROM public.presence pr LEFT JOIN public.profiles p ON p.id = pr.user_id
        WHERE pr.last_seen > now() - ${ONLINE_WINDOW}
        ORDER BY COALESCE(pr.user_id::text, pr.session_id), pr.last_seen DESC`,
    );
    return { ok: true, onlineUsers: rows };
  });

  app.get('/admin/user-growth', async (req) => {
    await auth.requireAdmin(req);
    const { period } = z.object({ period: z.enum(['day', 'week', 'month']).default('day') }).parse(req.query);
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
    return { ok: true, data };
  });

  app.get('/admin/analytics', async (req) => {
    await auth.requireAdmin(req);
    const { timeRange } = z.object({ timeRange: z.enum(['daily', 'weekly', 'monthly']).default('daily') }).parse(req.query);
    const { unit, span } = RANGE[timeRange];
    const series = `SELECT generate_series(date_trunc('${unit}', now() - interval '${span}'), date_trunc('${unit}', now()), interval '1 ${unit}') AS p`;
    const financial = (
      await db.query<{ date: string; income: number; expenses: number }>(
        `WITH b AS (${series})
         SELECT b.p AS date,
                (SELECT COALESCE(sum(amount_cents), 0)::int FROM public.payments x WHERE x.created_at >= b.p AND x.created_at < b.p + interval '1 ${unit}') AS income,
                (SELECT COALESCE(sum(amount_cents), 0)::int FROM public.analytics_events e WHERE e.kind IN ('expense', 'guide_generation') AND e.created_at >= b.p AND e.created_at < b.p + interval '1 ${unit}') AS expenses
           FROM b ORDER BY b.p`,
      )
    ).rows.map((r) => ({ date: new Date(r.date).toISOString().slice(0, 10), income: r.income / 100, expenses: r.expenses / 100, net: (r.income - r.expenses) / 100 }));
    const shop = (
      await db.query<{ date: string; sales: number; revenue: number; top_items: string[] | null }>(
        `WITH b AS (${series})
         SELECT b.p AS date, count(pu.id)::int AS sales, COALESCE(sum(pu.price), 0)::int AS revenue,
                (SELECT array_agg(name) FROM (SELECT i.name FROM public.purchases q JOIN public.shop_items i ON i.id = q.item_id
                   WHERE q.created_at >= b.p AND q.created_at < b.p + interval '1 ${unit}' GROUP BY i.name ORDER BY count(*) DESC LIMIT 3) t) AS top_items
           FROM b LEFT JOIN public.purchases pu ON pu.created_at >= b.p AND pu.created_at < b.p + interval '1 ${unit}'
          GROUP BY b.p ORDER BY b.p`,
      )
    ).rows.map((r) => ({ date: new Date(r.date).toISOString().slice(0, 10), sales: r.sales, revenue: r.revenue, top_items: r.top_items ?? [] }));
    return { ok: true, financial, shop };
  });

  // ---- pending images
  app.get('/admin/images/pending', async (req) => {
    await auth.requireAdmin(req);
    const { rows } = await db.query(
      `SELECT i.id, i.sight_id, s.name AS sight_name, i.user_id, p.display_name, '/sights/images/file/' || i.id AS url, i.width, i.height, i.bytes, i.created_at
         FROM public.sight_images i JOIN public.sights s ON s.id = i.sight_id LEFT JOIN public.profiles p ON p.id = i.user_id
        WHERE i.status = 'pending' ORDER BY i.created_at`,
    );
    return { ok: true, items: rows };
  });
  const review = (status: 'approved' | 'rejected') => async (req: import('fastify').FastifyRequest) => {
    const admin = await auth.requireAdmin(req);
    const p = z.object({ id: z.string().uuid().optional() }).parse(req.params);
    const ids = p.id ? [p.id] : z.object({ ids: z.array(z.string().uuid()).min(1).max(500) }).parse(req.body).ids;
    const updated = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: string }>(
        'UPDATE public.sight_images SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = ANY($1::uuid[]) RETURNING id',
        [ids, status, admin.id],
      );
      if (p.id && !r.rowCount) throw notFound('Image not found');
      for (const row of r.rows) await audit(tx, admin.id, `image.${status === 'approved' ? 'approve' : 'reject'}`, 'sight_image', row.id);
      return r.rows.map((x) => x.id);
    });
    return { ok: true, updated, message: `${updated.length} image(s) ${status}` };
  };
  app.post('/admin/images/:id/approve', review('approved'));
  app.post('/admin/images/:id/reject', review('rejected'));
  app.post('/admin/images/approve', review('approved'));
  app.post('/admin/images/reject', review('rejected'));

  // ---- sights content management
  app.get('/admin/sights', async (req) => {
    await auth.requireAdmin(req);
    const q = z.object({ q: z.string().max(200).default(''), page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(25), hidden: z.enum(['true', 'false']).optional() }).parse(req.query);
    const params: unknown[] = [`%${q.q.toLowerCase()}%`];
    const hid = q.hidden ? `AND s.hidden = ${q.hidden === 'true'}` : '';
    const total = await n(`SELECT count(*) AS n FROM public.sights s WHERE (lower(s.name) LIKE $1 OR s.id = $2 OR lower(COALESCE(s.city, '')) LIKE $1) ${hid}`, [...params, q.q]);
    const items = (await db.query(`SELECT ${SIGHT_COLUMNS}, s.hidden FROM public.sights s WHERE (lower(s.name) LIKE $1 OR s.id = $2 OR lower(COALESCE(s.city, '')) LIKE $1) ${hid} ORDER BY s.popularity DESC NULLS LAST, s.name LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`, [...params, q.q])).rows;
    return { ok: true, items, total };
  });
  app.put('/admin/sights/:id', async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = z.object({ id: z.string().min(1).max(200) }).parse(req.params);
    const b = z.object({ name: z.string().trim().min(1).max(200).optional(), description: z.string().max(5000).optional(), city: z.string().max(200).nullable().optional(), hidden: z.boolean().optional(), category_slugs: z.array(z.enum(['landmark', 'museum', 'scenery', 'historic'])).min(1).optional() }).parse(req.body);
    const sight = await db.transaction(async (tx) => {
      const row = (await tx.query(
        `UPDATE public.sights s SET name = COALESCE($2, name), description = COALESCE($3, description), city = CASE WHEN $4::boolean THEN $5 ELSE city END,
           hidden = COALESCE($6, hidden), category_slugs = COALESCE($7, category_slugs), updated_at = now() WHERE id = $1 RETURNING ${SIGHT_COLUMNS}, s.hidden`,
        [id, b.name ?? null, b.description ?? null, b.city !== undefined, b.city ?? null, b.hidden ?? null, b.category_slugs ?? null],
      )).rows[0];
      if (!row) throw notFound('Sight not found');
      await audit(tx, admin.id, 'sight.update', 'sight', id, b);
      return row;
    });
    return { ok: true, sight, message: 'Sight updated' };
  });
}
