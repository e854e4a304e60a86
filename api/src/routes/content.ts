import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActiveThemeResponse,
  AdminThemeInput,
  AdminThemeResponse,
  AdminThemesResponse,
  NewsInput,
  NewsItemResponse,
  NewsListResponse,
  NewsPatch,
  OkMessage,
  RoadmapInput,
  RoadmapItemResponse,
  RoadmapListResponse,
  RoadmapPatch,
  RoadmapReorderInput,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { audit } from '../services/audit';

const IdParam = z.object({ id: z.string().uuid('Invalid id') });
const NEWS_COLS = 'id, title, summary, body, image_url, is_published, published_at, created_at, updated_at';
const ROADMAP_COLS = 'id, title, description, status, position_order, is_published, created_at, updated_at';

/** News, roadmap and themes: public reads plus the admin CRUD of spec point 7. */
type NewsRow = z.input<typeof NewsItemResponse>['news'];
type RoadmapRow = z.input<typeof RoadmapItemResponse>['roadmapItem'];
type ThemeRow = z.input<typeof AdminThemeResponse>['theme'];

export async function contentRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const callerIsAdmin = async (req: FastifyRequest) => {
    const user = await auth.getUser(req).catch(() => null);
    return user ? auth.isAdmin(user.id) : false;
  };

  // ---- public
  app.get('/news', { schema: { summary: 'Published news', response: { 200: NewsListResponse } } }, async () => ({
    ok: true as const,
    news: (await db.query<NewsRow>(`SELECT ${NEWS_COLS} FROM public.news WHERE is_published ORDER BY published_at DESC NULLS LAST, created_at DESC`)).rows,
  }));
  app.get('/news/:id', { schema: { summary: 'One published news item', params: IdParam, response: { 200: NewsItemResponse } } }, async (req) => {
    const { id } = req.params;
    const row = (await db.query<NewsRow>(`SELECT ${NEWS_COLS} FROM public.news WHERE id = $1 AND is_published`, [id])).rows[0];
    if (!row) throw notFound('News item not found');
    return { ok: true as const, news: row };
  });
  app.get('/roadmap', { schema: { summary: 'Published roadmap items in order', response: { 200: RoadmapListResponse } } }, async () => ({
    ok: true as const,
    roadmap: (await db.query<RoadmapRow>(`SELECT ${ROADMAP_COLS} FROM public.roadmap WHERE is_published ORDER BY position_order, created_at`)).rows,
  }));
  app.get('/active-theme', { schema: { summary: 'The active site theme', response: { 200: ActiveThemeResponse } } }, async () => {
    const row = (await db.query<{ name: string; css_class: string; is_seasonal: boolean }>('SELECT name, css_class, is_seasonal FROM public.themes WHERE is_active LIMIT 1')).rows[0];
    return { theme: row ?? null };
  });

  // ---- admin news (GET: token optional; non-admins see published only)
  app.get('/admin/news', { schema: { summary: 'All news, drafts included for an admin (others: published only)', 'x-auth': 'optional', response: { 200: NewsListResponse } } }, async (req) => {
    const admin = await callerIsAdmin(req);
    const where = admin ? '' : 'WHERE is_published';
    return { ok: true as const, news: (await db.query<NewsRow>(`SELECT ${NEWS_COLS} FROM public.news ${where} ORDER BY created_at DESC`)).rows };
  });
  app.post('/admin/news', { schema: { summary: 'Create a news item', 'x-auth': 'admin', body: NewsInput, response: { 200: NewsItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const b = req.body;
    const news = await db.transaction(async (tx) => {
      const row = (
        await tx.query<NewsRow>(
          `INSERT INTO public.news (title, summary, body, image_url, is_published, published_at)
           VALUES ($1,$2,$3,$4,$5, CASE WHEN $5 THEN now() END) RETURNING ${NEWS_COLS}`,
          [b.title, b.summary, b.body, b.image_url ?? null, b.is_published],
        )
      ).rows[0];
      await audit(tx, admin.id, 'news.create', 'news', row.id, b);
      return row;
    });
    return { ok: true as const, news, message: 'News item created' };
  });
  app.put('/admin/news/:id', { schema: { summary: 'Edit a news item', 'x-auth': 'admin', params: IdParam, body: NewsPatch, response: { 200: NewsItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    const b = req.body;
    const news = await db.transaction(async (tx) => {
      const row = (
        await tx.query<NewsRow>(
          `UPDATE public.news SET
             title = COALESCE($2, title), summary = COALESCE($3, summary), body = COALESCE($4, body),
             image_url = CASE WHEN $5::boolean THEN $6 ELSE image_url END,
             published_at = CASE WHEN $7::boolean IS TRUE AND NOT is_published THEN now() WHEN $7::boolean IS FALSE THEN NULL ELSE published_at END,
             is_published = COALESCE($7, is_published), updated_at = now()
           WHERE id = $1 RETURNING ${NEWS_COLS}`,
          [id, b.title ?? null, b.summary ?? null, b.body ?? null, b.image_url !== undefined, b.image_url ?? null, b.is_published ?? null],
        )
      ).rows[0];
      if (!row) throw notFound('News item not found');
      await audit(tx, admin.id, 'news.update', 'news', id, b);
      return row;
    });
    return { ok: true as const, news, message: 'News item updated' };
  });
  app.delete('/admin/news/:id', { schema: { summary: 'Delete a news item', 'x-auth': 'admin', params: IdParam, response: { 200: OkMessage } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    await db.transaction(async (tx) => {
      const r = await tx.query('DELETE FROM public.news WHERE id = $1', [id]);
      if (!r.rowCount) throw notFound('News item not found');
      await audit(tx, admin.id, 'news.delete', 'news', id);
    });
    return { ok: true as const, message: 'News item deleted' };
  });

  // ---- admin roadmap
  // Unlike GET /admin/news, the spec does not make this token-optional: admins only (the public list is GET /roadmap).
  app.get('/admin/roadmap', { schema: { summary: 'All roadmap items', 'x-auth': 'admin', response: { 200: RoadmapListResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    return { ok: true as const, roadmap: (await db.query<RoadmapRow>(`SELECT ${ROADMAP_COLS} FROM public.roadmap ORDER BY position_order, created_at`)).rows };
  });
  app.post('/admin/roadmap', { schema: { summary: 'Create a roadmap item', 'x-auth': 'admin', body: RoadmapInput, response: { 200: RoadmapItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const b = req.body;
    const roadmapItem = await db.transaction(async (tx) => {
      const row = (
        await tx.query<RoadmapRow>(
          `INSERT INTO public.roadmap (title, description, status, position_order, is_published)
           VALUES ($1,$2,$3, COALESCE($4, (SELECT COALESCE(max(position_order) + 1, 0) FROM public.roadmap)), $5) RETURNING ${ROADMAP_COLS}`,
          [b.title, b.description, b.status, b.position_order ?? null, b.is_published],
        )
      ).rows[0];
      await audit(tx, admin.id, 'roadmap.create', 'roadmap', row.id, b);
      return row;
    });
    return { ok: true as const, roadmapItem, message: 'Roadmap item created' };
  });
  // Registered before /:id so 'reorder' is never read as an id.
  app.put('/admin/roadmap/reorder', { schema: { summary: 'Reorder the roadmap (one transaction)', 'x-auth': 'admin', body: RoadmapReorderInput, response: { 200: OkMessage } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { items } = req.body;
    const ids = items.map((i) => (typeof i === 'string' ? i : i.id));
    if (new Set(ids).size !== ids.length) throw badRequest('Duplicate ids in reorder list');
    await db.transaction(async (tx) => {
      for (const [pos, id] of ids.entries()) {
        const r = await tx.query('UPDATE public.roadmap SET position_order = $2, updated_at = now() WHERE id = $1', [id, pos]);
        if (!r.rowCount) throw notFound(`Roadmap item ${id} not found`);
      }
      await audit(tx, admin.id, 'roadmap.reorder', 'roadmap', null, { ids });
    });
    return { ok: true as const, message: 'Roadmap reordered' };
  });
  app.put('/admin/roadmap/:id', { schema: { summary: 'Edit a roadmap item', 'x-auth': 'admin', params: IdParam, body: RoadmapPatch, response: { 200: RoadmapItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    const b = req.body;
    const roadmapItem = await db.transaction(async (tx) => {
      const row = (
        await tx.query<RoadmapRow>(
          `UPDATE public.roadmap SET title = COALESCE($2, title), description = COALESCE($3, description), status = COALESCE($4, status),
             position_order = COALESCE($5, position_order), is_published = COALESCE($6, is_published), updated_at = now()
           WHERE id = $1 RETURNING ${ROADMAP_COLS}`,
          [id, b.title ?? null, b.description ?? null, b.status ?? null, b.position_order ?? null, b.is_published ?? null],
        )
      ).rows[0];
      if (!row) throw notFound('Roadmap item not found');
      await audit(tx, admin.id, 'roadmap.update', 'roadmap', id, b);
      return row;
    });
    return { ok: true as const, roadmapItem, message: 'Roadmap item updated' };
  });
  app.delete('/admin/roadmap/:id', { schema: { summary: 'Delete a roadmap item', 'x-auth': 'admin', params: IdParam, response: { 200: OkMessage } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    await db.transaction(async (tx) => {
      const r = await tx.query('DELETE FROM public.roadmap WHERE id = $1', [id]);
      if (!r.rowCount) throw notFound('Roadmap item not found');
      await audit(tx, admin.id, 'roadmap.delete', 'roadmap', id);
    });
    return { ok: true as const, message: 'Roadmap item deleted' };
  });

  // ---- admin themes
  app.get('/admin/themes', { schema: { summary: 'Themes', 'x-auth': 'admin', response: { 200: AdminThemesResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    return { ok: true as const, themes: (await db.query<ThemeRow>('SELECT id, name, css_class, is_seasonal, is_active, created_at FROM public.themes ORDER BY created_at')).rows };
  });
  app.post('/admin/themes', { schema: { summary: 'Create a theme', 'x-auth': 'admin', body: AdminThemeInput, response: { 200: AdminThemeResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const b = req.body;
    const theme = await db.transaction(async (tx) => {
      const exists = await tx.query('SELECT 1 FROM public.themes WHERE name = $1', [b.name]);
      if (exists.rowCount) throw badRequest('A theme with this name already exists');
      const row = (await tx.query<ThemeRow>('INSERT INTO public.themes (name, css_class, is_seasonal) VALUES ($1,$2,$3) RETURNING *', [b.name, b.css_class, b.is_seasonal])).rows[0];
      await audit(tx, admin.id, 'theme.create', 'theme', row.id, b);
      return row;
    });
    return { ok: true as const, theme, message: 'Theme created' };
  });
  app.post('/admin/themes/:id/activate', { schema: { summary: 'Make a theme the active one', 'x-auth': 'admin', params: IdParam, response: { 200: AdminThemeResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    const theme = await db.transaction(async (tx) => {
      await tx.query('UPDATE public.themes SET is_active = false WHERE is_active AND id <> $1', [id]);
      const row = (await tx.query<ThemeRow>('UPDATE public.themes SET is_active = true WHERE id = $1 RETURNING *', [id])).rows[0];
      if (!row) throw notFound('Theme not found');
      await audit(tx, admin.id, 'theme.activate', 'theme', id);
      return row;
    });
    return { ok: true as const, theme, message: 'Theme activated' };
  });
  // The audit log (GET /admin/audit-log) lives in admin-content.ts.
}
