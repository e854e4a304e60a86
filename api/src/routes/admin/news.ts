import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NewsInput, NewsItemResponse, NewsListResponse, NewsPatch, OkMessage } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { createNews, deleteNews, listNews, updateNews } from '../../services/news';

const IdParam = z.object({ id: z.string().uuid('Invalid id') });

/** /admin/news: the list (token optional: non-admins see published only) and the admin CRUD of spec point 7. */
export async function adminNewsRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/news',
    {
      schema: {
        summary: 'All news, drafts included for an admin (others: published only)',
        'x-auth': 'optional',
        response: { 200: NewsListResponse },
      },
    },
    async (req) => {
      const user = await auth.getUser(req).catch(() => null);
      const admin = user ? await auth.isAdmin(user.id) : false;
      return { ok: true as const, news: await listNews(db, { drafts: admin, order: 'created' }) };
    },
  );
  app.post(
    '/admin/news',
    {
      schema: {
        summary: 'Create a news item',
        'x-auth': 'admin',
        body: NewsInput,
        response: { 200: NewsItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        news: await createNews(db, admin.id, req.body),
        message: 'News item created',
      };
    },
  );
  app.put(
    '/admin/news/:id',
    {
      schema: {
        summary: 'Edit a news item',
        'x-auth': 'admin',
        params: IdParam,
        body: NewsPatch,
        response: { 200: NewsItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        news: await updateNews(db, admin.id, req.params.id, req.body),
        message: 'News item updated',
      };
    },
  );
  app.delete(
    '/admin/news/:id',
    {
      schema: {
        summary: 'Delete a news item',
        'x-auth': 'admin',
        params: IdParam,
        response: { 200: OkMessage },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      await deleteNews(db, admin.id, req.params.id);
      return { ok: true as const, message: 'News item deleted' };
    },
  );
}
