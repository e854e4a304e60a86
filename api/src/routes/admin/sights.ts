import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminMergeInput,
  AdminMergeResponse,
  AdminSightDetailResponse,
  AdminSightPatch,
  AdminSightResponse,
  AdminSightSearchQuery,
  AdminSightSearchResponse,
  AdminStationsInput,
  AdminStationsResponse,
  text,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import {
  getAdminSight,
  listStations,
  mergeSights,
  replaceStations,
  searchSights,
  setSightHidden,
  updateSight,
} from '../../services/admin-content';

const SightParam = z.object({ id: text().trim().min(1).max(200) });

/**
 * /admin/sights: search, edit, stations, hide/unhide, merge. Every route checks the admin role before it
 * reads its input (x-auth admin: 401 signed out, 403 non-admin).
 */
export async function adminSightRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/sights',
    {
      schema: {
        summary: 'Search sights',
        'x-auth': 'admin',
        querystring: AdminSightSearchQuery,
        response: { 200: AdminSightSearchResponse },
      },
    },
    async (req) => {
      await auth.requireAdmin(req);
      const q = req.query;
      const { items, total } = await searchSights(db, q);
      return { ok: true as const, items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  // Registered before /:id so 'merge' is never read as an id.
  app.post(
    '/admin/sights/merge',
    {
      schema: {
        summary: 'Merge duplicate sights into one',
        'x-auth': 'admin',
        body: AdminMergeInput,
        response: { 200: AdminMergeResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const b = req.body;
      const r = await db.transaction((tx) => mergeSights(tx, admin.id, b));
      const n = r.merged.length;
      return {
        ok: true as const,
        ...r,
        message: `Merged ${n} duplicate${n === 1 ? '' : 's'}: moved ${r.moved.comments} comments, ${r.moved.images} images and ${r.moved.stations} stations`,
      };
    },
  );

  app.get(
    '/admin/sights/:id',
    {
      schema: {
        summary: 'A sight with its stations',
        'x-auth': 'admin',
        params: SightParam,
        response: { 200: AdminSightDetailResponse },
      },
    },
    async (req) => {
      await auth.requireAdmin(req);
      const { id } = req.params;
      const sight = await getAdminSight(db, id);
      return { ok: true as const, sight, stations: await listStations(db, id) };
    },
  );

  app.put(
    '/admin/sights/:id',
    {
      schema: {
        summary: 'Edit a sight',
        'x-auth': 'admin',
        params: SightParam,
        body: AdminSightPatch,
        response: { 200: AdminSightResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const { id } = req.params;
      const b = req.body;
      const sight = await db.transaction((tx) => updateSight(tx, admin.id, id, b));
      return { ok: true as const, sight, message: 'Sight updated' };
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    const summary = hidden ? 'Hide a sight' : 'Show a hidden sight again';
    app.post(
      `/admin/sights/:id/${action}`,
      { schema: { summary, 'x-auth': 'admin', params: SightParam, response: { 200: AdminSightResponse } } },
      async (req) => {
        const admin = await auth.requireAdmin(req);
        const { id } = req.params;
        const sight = await db.transaction((tx) => setSightHidden(tx, admin.id, id, hidden));
        return { ok: true as const, sight, message: hidden ? 'Sight hidden' : 'Sight visible again' };
      },
    );
  }

  app.put(
    '/admin/sights/:id/stations',
    {
      schema: {
        summary: "Replace a sight's ordered stations",
        'x-auth': 'admin',
        params: SightParam,
        body: AdminStationsInput,
        response: { 200: AdminStationsResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const { id } = req.params;
      const b = req.body;
      const stations = await db.transaction((tx) => replaceStations(tx, admin.id, id, b));
      return { ok: true as const, stations, message: 'Stations saved' };
    },
  );
}
