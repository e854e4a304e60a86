import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OkMessage,
  RoadmapInput,
  RoadmapItemResponse,
  RoadmapListResponse,
  RoadmapPatch,
  RoadmapReorderInput,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import {
  createRoadmapItem,
  deleteRoadmapItem,
  listRoadmap,
  reorderRoadmap,
  updateRoadmapItem,
} from '../../services/roadmap';

const IdParam = z.object({ id: z.string().uuid('Invalid id') });

/** /admin/roadmap: admins only (unlike GET /admin/news; the public list is GET /roadmap). */
export async function adminRoadmapRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/roadmap',
    { schema: { summary: 'All roadmap items', 'x-auth': 'admin', response: { 200: RoadmapListResponse } } },
    async () => ({
      ok: true as const,
      roadmap: await listRoadmap(db, { drafts: true }),
    }),
  );
  app.post(
    '/admin/roadmap',
    {
      schema: {
        summary: 'Create a roadmap item',
        'x-auth': 'admin',
        body: RoadmapInput,
        response: { 200: RoadmapItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        roadmapItem: await createRoadmapItem(db, admin.id, req.body),
        message: 'Roadmap item created',
      };
    },
  );
  // Registered before /:id so 'reorder' is never read as an id.
  app.put(
    '/admin/roadmap/reorder',
    {
      schema: {
        summary: 'Reorder the roadmap (one transaction)',
        'x-auth': 'admin',
        body: RoadmapReorderInput,
        response: { 200: OkMessage },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      await reorderRoadmap(
        db,
        admin.id,
        req.body.items.map((i) => (typeof i === 'string' ? i : i.id)),
      );
      return { ok: true as const, message: 'Roadmap reordered' };
    },
  );
  app.put(
    '/admin/roadmap/:id',
    {
      schema: {
        summary: 'Edit a roadmap item',
        'x-auth': 'admin',
        params: IdParam,
        body: RoadmapPatch,
        response: { 200: RoadmapItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        roadmapItem: await updateRoadmapItem(db, admin.id, req.params.id, req.body),
        message: 'Roadmap item updated',
      };
    },
  );
  app.delete(
    '/admin/roadmap/:id',
    {
      schema: {
        summary: 'Delete a roadmap item',
        'x-auth': 'admin',
        params: IdParam,
        response: { 200: OkMessage },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      await deleteRoadmapItem(db, admin.id, req.params.id);
      return { ok: true as const, message: 'Roadmap item deleted' };
    },
  );
}
