import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NewsItemResponse, NewsListResponse } from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { listNews, publishedNewsItem } from '../services/news';

const IdParam = z.object({ id: z.string().uuid('Invalid id') });

/** GET /news, /news/:id: published news (the admin CRUD is routes/admin/news.ts). */
export async function newsRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/news',
    { schema: { summary: 'Published news', response: { 200: NewsListResponse } } },
    async () => ({
      ok: true as const,
      news: await listNews(db, { drafts: false, order: 'published' }),
    }),
  );
  app.get(
    '/news/:id',
    { schema: { summary: 'One published news item', params: IdParam, response: { 200: NewsItemResponse } } },
    async (req) => ({
      ok: true as const,
      news: await publishedNewsItem(db, req.params.id),
    }),
  );
}
