import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, SightIngestInput, SightIngestResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { parseCategoryFilter } from '../services/categories';
import { ingestSights } from '../services/sight-ingest';

/** POST /sights/ingest (spec point 7): signed-in callers widen the stored sights around a point from the map data. */
export async function ingestRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const schema = {
    summary: 'Add sights around a point from the map-data source (idempotent)',
    'x-auth': 'user',
    body: SightIngestInput,
    response: {
      200: SightIngestResponse,
      429: ErrorBody.describe('Too many source fetches this minute'),
      502: ErrorBody.describe('The map-data source failed or timed out'),
    },
  } as const;
  app.post('/sights/ingest', { schema }, async (req) => {
    const user = await auth.requireUser(req);
    const body = req.body;
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
