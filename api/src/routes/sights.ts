import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EnrichBatchInput,
  ErrorBody,
  EnrichBatchResponse,
  EnrichInput,
  EnrichResult,
  FeaturedResponse,
  NearbyQuery,
  NearbyResponse,
  queryInt,
  SightDetailResponse,
  SightIngestInput,
  SightIngestResponse,
  SightParams,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { unvalidated } from '../http/route-contract';
import { apiBaseOf } from '../http/public-base';
import { parseCategoryFilter } from '../services/categories';
import { signImagePath } from '../services/media-sign';
import { ingestSights } from '../services/sight-ingest';
import { sightFacts } from '../services/sight-facts';
import {
  enrichSight,
  featuredSights,
  findNearby,
  nearbyOptions,
  resolveSight,
  sightStations,
  visibleImages,
} from '../services/sights';

const FeaturedQuery = z.object({ limit: queryInt().min(1).max(50).default(12) });

/** /sights: nearby (spec point 7), featured, detail, enrich and ingest (images, comments and guides have their files). */
export async function sightRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The query is read by nearbyOptions (services/sights.ts) without zod for the usual request: zod's parse was the
  // largest cost of an answer from memory. The index answers pre-encoded JSON (a Buffer: no serialisation).
  const nearbyQuery = unvalidated(
    NearbyQuery,
    'Read by nearbyOptions with the same result as this schema (a property test checks it)',
  );
  app.get(
    '/sights/nearby',
    {
      schema: {
        summary: 'Sights near a point, nearest first',
        querystring: nearbyQuery,
        response: { 200: NearbyResponse },
      },
    },
    async (req, reply) => {
      const o = nearbyOptions(req.query);
      // The in-memory index answers once built (same items, same order); SQL until then or with NEARBY_INDEX=sql.
      const fromIndex = await deps.sightIndex.nearby(o);
      if (fromIndex !== null)
        // Pre-encoded NearbyResponse JSON: a Buffer goes out as it is (the SQL path below is serialised by the schema).
        return reply
          .header('x-nearby-source', 'index')
          .type('application/json; charset=utf-8')
          .send(fromIndex as unknown as NearbyResponse);
      reply.header('x-nearby-source', 'sql');
      return { items: (await findNearby(db, o)) as unknown as NearbyResponse['items'] };
    },
  );

  app.get(
    '/sights/featured',
    {
      schema: {
        summary: 'Popular sights for the home page',
        querystring: FeaturedQuery,
        response: { 200: FeaturedResponse },
      },
    },
    async (req) => {
      return { items: await featuredSights(db, req.query.limit) };
    },
  );

  app.get(
    '/sights/detail/:id',
    {
      schema: {
        summary:
          "A sight (id or slug) with its ordered stations and approved images (plus the caller's own pending ones)",
        'x-auth': 'optional',
        params: SightParams,
        response: { 200: SightDetailResponse },
      },
    },
    async (req) => {
      const found = await resolveSight(db, req.params.id);
      if (!found) throw notFound('Sight not found');
      const { sight, mergedFrom } = found;
      const stations = await sightStations(db, sight.id);
      // Approved photos for everyone, plus the caller's own pending/rejected uploads (their review status);
      // every URL is signed and expiring (the file route refuses unsigned requests).
      const viewer = await deps.auth.getUser(req).catch(() => null);
      const images = (await visibleImages(db, sight.id, viewer?.id ?? null)).map(
        ({ storage_path, ...img }) => ({
          ...img,
          path: storage_path,
          // Absolute, as GET /sights/images/sign/* answers.
          url: `${apiBaseOf(deps.config, req)}${signImagePath(deps.config.jwtSecret, storage_path, deps.config.media.urlTtlSeconds).url}`,
        }),
      );
      // Facts from Wikipedia and Wikidata as cached. Missing or due ones are queued for a worker and the
      // answer does not wait: not even for the enqueue.
      const lang = config.wiki?.language ?? 'en';
      const { facts, due } = await sightFacts(db, sight.id, lang, Boolean(config.wiki));
      if (due)
        void deps.jobs
          .enqueueFacts([sight.id], lang)
          .catch((err: unknown) => req.log.warn({ err }, 'facts: could not queue the sight'));
      return {
        sight: { ...(sight as z.input<typeof SightDetailResponse>['sight']), images, facts },
        stations: stations as z.input<typeof SightDetailResponse>['stations'],
        ...(mergedFrom ? { merged_from: mergedFrom } : {}),
      };
    },
  );

  app.post(
    '/sights/enrich',
    {
      schema: {
        summary: 'City, country and country code of a sight from the gazetteer',
        'x-auth': 'user',
        body: EnrichInput,
        response: { 200: EnrichResult },
      },
    },
    async (req) => {
      const r = await enrichSight(db, req.body);
      if (!r.ok && r.error === 'Sight not found') throw notFound('Sight not found');
      return r;
    },
  );

  const batch = async (req: { body: z.output<typeof EnrichBatchInput> }) => {
    const body = req.body;
    const out = [];
    for (const item of body.items) out.push(await enrichSight(db, { ...item, force: body.force }));
    return out;
  };
  for (const [url, summary] of [
    ['/sights/enrich/batch', 'Enrich several sights'],
    ['/sights/enrich-batch', 'Enrich several sights (alias)'],
  ] as const) {
    app.post(
      url,
      {
        schema: { summary, 'x-auth': 'user', body: EnrichBatchInput, response: { 200: EnrichBatchResponse } },
      },
      batch,
    );
  }

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
