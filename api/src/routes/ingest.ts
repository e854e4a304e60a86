import type { FastifyInstance } from 'fastify';
import { SightIngestInput } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { parseCategoryFilter } from '../services/categories';
import { ingestSights } from '../services/sight-ingest';

/** POST /sights/ingest (spec point 7): signed-in callers widen the stored sights around a point from the map data. */
export async function ingestRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config, auth } = deps;

  app.post('/sights/ingest', async (req) => {
    const user = await auth.requireUser(req);
    const body = SightIngestInput.parse(req.body ?? {});
    const cats = Array.isArray(body.categories) ? body.categories.join(',') : body.categories;
    return ingestSights(db, config, {
      lat: body.lat,
      lon: body.lon,
      km: body.km,
      kmPrev: body.km_prev ?? 0,
      source: body.source,
      publish: body.publish ?? true,
      categories: parseCategoryFilter(cats),
      userId: user.id,
      userAgent: `Wayfarer/0.1 (+${config.publicSiteOrigin})`,
    });
  });
}
