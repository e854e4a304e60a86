import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RoadmapListResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { listRoadmap } from '../services/roadmap';

/** GET /roadmap: published roadmap items in order (the admin CRUD is routes/admin/roadmap.ts). */
export async function roadmapRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/roadmap',
    { schema: { summary: 'Published roadmap items in order', response: { 200: RoadmapListResponse } } },
    async () => ({
      ok: true as const,
      roadmap: await listRoadmap(db, { drafts: false }),
    }),
  );
}
