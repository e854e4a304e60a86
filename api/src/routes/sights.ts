import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EnrichBatchInput,
  EnrichBatchResponse,
  EnrichInput,
  EnrichResult,
  FeaturedResponse,
  NearbyQuery,
  NearbyResponse,
  queryInt,
  SightDetailResponse,
  SightParams,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { notFound } from '../http/errors';
import { unvalidated } from '../http/route-contract';
import { apiBaseOf } from '../http/public-base';
import { countryName } from '../services/categories';
import { getGazetteer } from '../services/gazetteer';
import { signImagePath } from '../services/media-sign';
import { findNearby, nearbyOptions, SIGHT_COLUMNS } from '../services/sights';

const FeaturedQuery = z.object({ limit: queryInt().min(1).max(50).default(12) });

export async function sightRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The query is read by nearbyOptions (services/sights.ts) without zod for the usual request: zod's parse was the
  // largest cost of an answer from memory. The index answers pre-encoded JSON (a Buffer: no serialisation).
  const nearbyQuery = unvalidated(NearbyQuery, 'Read by nearbyOptions with the same result as this schema (a property test checks it)');
  app.get('/sights/nearby', { schema: { summary: 'Sights near a point, nearest first', querystring: nearbyQuery, response: { 200: NearbyResponse } } }, async (req, reply) => {
    const o = nearbyOptions(req.query);
    // The in-memory index answers once built (same items, same order); SQL until then or with NEARBY_INDEX=sql.
    const fromIndex = await deps.sightIndex.nearby(o);
    if (fromIndex !== null)
      // Pre-encoded NearbyResponse JSON: a Buffer goes out as it is (the SQL path below is serialised by the schema).
      return reply.header('x-nearby-source', 'index').type('application/json; charset=utf-8').send(fromIndex as unknown as NearbyResponse);
    reply.header('x-nearby-source', 'sql');
    return { items: (await findNearby(db, o)) as unknown as NearbyResponse['items'] };
  });

  app.get('/sights/featured', { schema: { summary: 'Popular sights for the home page', querystring: FeaturedQuery, response: { 200: FeaturedResponse } } }, async (req) => {
    const { limit } = req.query;
    // One per country among the most popular sights with a photo, so the home page is varied.
    const { rows } = await db.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (s.country_code) ${SIGHT_COLUMNS}
           FROM public.sights s
          WHERE NOT s.hidden AND s.cover_image_url IS NOT NULL AND s.popularity IS NOT NULL
          ORDER BY s.country_code, s.popularity DESC, s.id) t
        ORDER BY popularity DESC, id LIMIT $1`,
      [limit],
    );
    return { items: rows as z.input<typeof FeaturedResponse>['items'] };
  });

  app.get(
    '/sights/detail/:id',
    {
      schema: {
        summary: "A sight (id or slug) with its ordered stations and approved images (plus the caller's own pending ones)",
        'x-auth': 'optional',
        params: SightParams,
        response: { 200: SightDetailResponse },
      },
    },
    async (req) => {
    const { id } = req.params;
    // A duplicate merged by an admin is hidden with merged_into set: old links land on the sight it was merged into.
    let key = id;
    let sight: { id: string } | undefined;
    let mergedFrom: string | undefined;
    for (let hop = 0; hop < 5 && !sight; hop++) {
      const { rows } = await db.query<{ id: string; hidden: boolean; merged_into: string | null }>(
        `SELECT ${SIGHT_COLUMNS}, s.hidden AS hidden, s.merged_into AS merged_into FROM public.sights s WHERE s.id = $1 OR s.slug = $1 LIMIT 1`,
        [key],
      );
      const row = rows[0];
      if (!row) break;
      const { hidden, merged_into, ...visible } = row;
      if (!hidden) sight = visible;
      else if (merged_into) {
        mergedFrom ??= row.id;
        key = merged_into;
      } else break;
    }
    if (!sight) throw notFound('Sight not found');
    const stations = (
      await db.query<{ id: string; audio_path: string | null }>(
        `SELECT id, position, title, text, audio_path, latitude, longitude FROM public.stations
          WHERE sight_id = $1 AND guide_id IS NULL ORDER BY position, created_at`,
        [sight.id],
      )
    ).rows.map(({ audio_path, ...st }) => ({
      ...st,
      audio_url: audio_path ? `/guides/audio/${st.id}` : null,
    }));
    // Approved photos for everyone, plus the caller's own pending/rejected uploads (their review status);
    // every URL is signed and expiring (the file route refuses unsigned requests).
    const viewer = await deps.auth.getUser(req).catch(() => null);
    const images = (
      await db.query<{
        id: string;
        storage_path: string;
        width: number | null;
        height: number | null;
        status: 'pending' | 'approved' | 'rejected';
        user_id: string | null;
      }>(
        `SELECT id, storage_path, width, height, status, user_id FROM public.sight_images
          WHERE sight_id = $1 AND (status = 'approved' OR ($2::uuid IS NOT NULL AND user_id = $2::uuid))
          ORDER BY created_at`,
        [sight.id, viewer?.id ?? null],
      )
    ).rows.map(({ storage_path, ...img }) => ({
      ...img,
      path: storage_path,
      // Absolute, as GET /sights/images/sign/* answers.
      url: `${apiBaseOf(deps.config, req)}${signImagePath(deps.config.jwtSecret, storage_path, deps.config.media.urlTtlSeconds).url}`,
    }));
    return {
      sight: { ...(sight as z.input<typeof SightDetailResponse>['sight']), images },
      stations: stations as z.input<typeof SightDetailResponse>['stations'],
      ...(mergedFrom ? { merged_from: mergedFrom } : {}),
    };
  });

  async function enrichOne(
    tx: Queryable,
    input: { sight_id: string; lat?: number; lon?: number; force?: boolean },
  ) {
    const { rows } = await tx.query<{
      id: string;
      latitude: number;
      longitude: number;
      city: string | null;
      country: string | null;
      country_code: string | null;
    }>('SELECT id, latitude, longitude, city, country, country_code FROM public.sights WHERE id = $1', [
      input.sight_id,
    ]);
    const s = rows[0];
    if (!s)
      return {
        sight_id: input.sight_id,
        ok: false,
        city: null,
        country: null,
        country_code: null,
        error: 'Sight not found',
      };
    if (!input.force && s.city && s.country && s.country_code) {
      return { sight_id: s.id, ok: true as const, city: s.city, country: s.country, country_code: s.country_code };
    }
    const gaz = await getGazetteer();
    const hit = gaz.nearest(input.lat ?? s.latitude, input.lon ?? s.longitude);
    if (!hit)
      return {
        sight_id: s.id,
        ok: false,
        city: s.city,
        country: s.country,
        country_code: s.country_code,
        error: 'No place found',
      };
    const cc = hit.city.countryCode;
    const city = hit.distanceKm <= 50 ? hit.city.name : s.city;
    const country = countryName(cc) ?? s.country;
    await tx.query(
      'UPDATE public.sights SET city = $2, country = $3, country_code = $4, updated_at = now() WHERE id = $1',
      [s.id, city, country, cc],
    );
    return { sight_id: s.id, ok: true as const, city, country, country_code: cc };
  }

  app.post(
    '/sights/enrich',
    { schema: { summary: 'City, country and country code of a sight from the gazetteer', 'x-auth': 'user', body: EnrichInput, response: { 200: EnrichResult } } },
    async (req) => {
    const r = await enrichOne(db, req.body);
    if (!r.ok && r.error === 'Sight not found') throw notFound('Sight not found');
    return r;
  });

  const batch = async (req: { body: z.output<typeof EnrichBatchInput> }) => {
    const body = req.body;
    const out = [];
    for (const item of body.items) out.push(await enrichOne(db, { ...item, force: body.force }));
    return out;
  };
  for (const [url, summary] of [
    ['/sights/enrich/batch', 'Enrich several sights'],
    ['/sights/enrich-batch', 'Enrich several sights (alias)'],
  ] as const) {
    app.post(url, { schema: { summary, 'x-auth': 'user', body: EnrichBatchInput, response: { 200: EnrichBatchResponse } } }, batch);
  }
}
