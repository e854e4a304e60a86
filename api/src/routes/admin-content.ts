import type { FastifyInstance } from 'fastify';
import {
  AdminMergeInput,
  AdminSightPatch,
  AdminSightSearchQuery,
  AdminStationsInput,
  AdminThemePatch,
  AuditLogQuery,
  text,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { audit } from '../services/audit';
import {
  getAdminSight,
  listAuditLog,
  listStations,
  mergeSights,
  replaceStations,
  searchSights,
  setSightHidden,
  updateSight,
} from '../services/admin-content';

const SightParam = z.object({ id: text().trim().min(1).max(200) });
const UuidParam = z.object({ id: z.string().uuid('Invalid id') });

/**
 * Admin content management (issue 9): sights (search, edit, stations, hide/unhide, merge), the theme seasonal flag
 * and the audit log. Every route checks the admin role before it reads its input: 401 signed out, 403 non-admin.
 * The theme preview is per browser and lives in the client (@wayfarer/session previewThemeAtom), so it needs no route.
 */
export async function adminContentRoutes(app: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;

  app.get('/admin/sights', async (req) => {
    await auth.requireAdmin(req);
    const q = AdminSightSearchQuery.parse(req.query);
    const { items, total } = await searchSights(db, q);
    return { ok: true, items, total, page: q.page, pageSize: q.pageSize };
  });

  // Registered before /:id so 'merge' is never read as an id.
  app.post('/admin/sights/merge', async (req) => {
    const admin = await auth.requireAdmin(req);
    const b = AdminMergeInput.parse(req.body);
    const r = await db.transaction((tx) => mergeSights(tx, admin.id, b));
    const n = r.merged.length;
    return { ok: true, ...r, message: `Merged ${n} duplicate${n === 1 ? '' : 's'}: moved ${r.moved.comments} comments, ${r.moved.images} images and ${r.moved.stations} stations` };
  });

  app.get('/admin/sights/:id', async (req) => {
    await auth.requireAdmin(req);
    const { id } = SightParam.parse(req.params);
    const sight = await getAdminSight(db, id);
    return { ok: true, sight, stations: await listStations(db, id) };
  });

  app.put('/admin/sights/:id', async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = SightParam.parse(req.params);
    const b = AdminSightPatch.parse(req.body);
    const sight = await db.transaction((tx) => updateSight(tx, admin.id, id, b));
    return { ok: true, sight, message: 'Sight updated' };
  });

  for (const [action, hidden] of [['hide', true], ['unhide', false]] as const) {
    app.post(`/admin/sights/:id/${action}`, async (req) => {
      const admin = await auth.requireAdmin(req);
      const { id } = SightParam.parse(req.params);
      const sight = await db.transaction((tx) => setSightHidden(tx, admin.id, id, hidden));
      return { ok: true, sight, message: hidden ? 'Sight hidden' : 'Sight visible again' };
    });
  }

  app.put('/admin/sights/:id/stations', async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = SightParam.parse(req.params);
    const b = AdminStationsInput.parse(req.body);
    const stations = await db.transaction((tx) => replaceStations(tx, admin.id, id, b));
    return { ok: true, stations, message: 'Stations saved' };
  });

  app.put('/admin/themes/:id', async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = UuidParam.parse(req.params);
    const b = AdminThemePatch.parse(req.body);
    const theme = await db.transaction(async (tx) => {
      const row = (
        await tx.query('UPDATE public.themes SET is_seasonal = $2 WHERE id = $1 RETURNING id, name, css_class, is_seasonal, is_active, created_at', [id, b.is_seasonal])
      ).rows[0];
      if (!row) throw notFound('Theme not found');
      await audit(tx, admin.id, 'theme.update', 'theme', id, b);
      return row;
    });
    return { ok: true, theme, message: 'Theme updated' };
  });

  app.get('/admin/audit-log', async (req) => {
    await auth.requireAdmin(req);
    const q = AuditLogQuery.parse(req.query);
    const { items, total } = await listAuditLog(db, q);
    return { ok: true, items, total, page: q.page, pageSize: q.pageSize };
  });
}
