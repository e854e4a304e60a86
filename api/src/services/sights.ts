import { NearbyQuery, Sight, Station } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/types';
import { countryName, parseCategoryFilter } from './categories';
import { getGazetteer } from './gazetteer';

export const SIGHT_COLUMNS = `s.id, s.slug, s.name, s.description, s.cover_image_url, s.img_preview, s.city, s.country, s.country_code,
  s.latitude, s.longitude, s.rating_avg::float8 AS rating_avg, s.ratings_count, s.category_slugs, s.category_hint, s.popularity`;

export interface NearbyOptions {
  lat: number;
  lon: number;
  km: number;
  categories: string[];
  limit: number;
}

/** A plain decimal: what the explore page sends for lat, lon, km and limit (no exponent, sign only '-', no blanks). */
const PLAIN_DECIMAL = /^-?\d{1,3}(?:\.\d{1,20})?$/;

/**
 * GET /sights/nearby's query as NearbyOptions. The usual query (lat, lon, optional km and limit, each one plain
 * decimal in range) is read directly: the result is what NearbyQuery gives for it (z.coerce.number is Number(),
 * km clamped to 1-20, default 5; limit a whole number 1-500, default 500), and zod's parse was a sizeable share
 * of an answer served from memory. Anything else (categories, type, other keys, repeated keys, other spellings of
 * numbers, out of range) goes through NearbyQuery for its checks and error messages.
 */
export function nearbyOptions(query: unknown): NearbyOptions {
  const q = query as Record<string, unknown> | null;
  direct: if (q && typeof q === 'object') {
    let lat = NaN;
    let lon = NaN;
    let km = 5;
    let limit = 500;
    for (const key in q) {
      const v = q[key];
      if (typeof v !== 'string' || !PLAIN_DECIMAL.test(v)) break direct;
      const n = Number(v);
      if (key === 'lat') lat = n;
      else if (key === 'lon') lon = n;
      else if (key === 'km') km = Math.min(20, Math.max(1, n));
      else if (key === 'limit' && Number.isInteger(n)) limit = n;
      else break direct;
    }
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 && limit >= 1 && limit <= 500)) break direct;
    return { lat, lon, km, categories: [], limit };
  }
  const p = NearbyQuery.parse(query);
  return {
    lat: p.lat,
    lon: p.lon,
    km: p.km,
    categories: parseCategoryFilter(p.categories, p.type),
    limit: p.limit,
  };
}

/**
 * Indexed nearby query: earth_box probes the GiST index on ll_to_earth(latitude, longitude); earth_distance then
 * trims the box corners to the exact radius. The route answers from the in-memory NearbySightGrid when it is ready,
 * which returns the same items in the same order (ids compare in "C" collation in both).
 */
export async function findNearby(db: Queryable, o: NearbyOptions) {
  const params: unknown[] = [o.lat, o.lon, o.km * 1000, o.limit];
  let filter = '';
  if (o.categories.length) {
    params.push(o.categories);
    filter = `AND s.category_slugs && $${params.length}::text[]`;
  }
  const { rows } = await db.query<Record<string, unknown> & { distance_m: number }>(
    `SELECT ${SIGHT_COLUMNS}, round(earth_distance(ll_to_earth($1, $2), ll_to_earth(s.latitude, s.longitude)))::float8 AS distance_m
       FROM public.sights s
      WHERE earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(s.latitude, s.longitude)
        AND earth_distance(ll_to_earth($1, $2), ll_to_earth(s.latitude, s.longitude)) <= $3
        AND NOT s.hidden ${filter}
      ORDER BY distance_m, s.id COLLATE "C"
      LIMIT $4`,
    params,
  );
  return rows.map((r) => ({ ...r, distance_km: Math.round(r.distance_m) / 1000 }));
}

/** Baseline for the bench: the same answer by scanning every row. */
export async function findNearbyFullScan(db: Queryable, o: NearbyOptions) {
  const { rows } = await db.query(
    `SELECT ${SIGHT_COLUMNS}, (6371000 * 2 * asin(sqrt(sin(radians(s.latitude - $1) / 2) ^ 2 + cos(radians($1)) * cos(radians(s.latitude)) * sin(radians(s.longitude - $2) / 2) ^ 2)))::float8 AS distance_m
       FROM public.sights s
      WHERE NOT s.hidden
        AND 6371000 * 2 * asin(sqrt(sin(radians(s.latitude - $1) / 2) ^ 2 + cos(radians($1)) * cos(radians(s.latitude)) * sin(radians(s.longitude - $2) / 2) ^ 2)) <= $3
      ORDER BY distance_m LIMIT $4`,
    [o.lat, o.lon, o.km * 1000, o.limit],
  );
  return rows;
}

/** The home page's popular sights: one per country among the most popular with a photo, so it is varied. */
export async function featuredSights(db: Queryable, limit: number): Promise<z.input<typeof Sight>[]> {
  const { rows } = await db.query<z.input<typeof Sight>>(
    `SELECT * FROM (
       SELECT DISTINCT ON (s.country_code) ${SIGHT_COLUMNS}
         FROM public.sights s
        WHERE NOT s.hidden AND s.cover_image_url IS NOT NULL AND s.popularity IS NOT NULL
        ORDER BY s.country_code, s.popularity DESC, s.id) t
      ORDER BY popularity DESC, id LIMIT $1`,
    [limit],
  );
  return rows;
}

/**
 * A visible sight by id or slug. A duplicate merged by an admin is hidden with merged_into set: old links land on the
 * sight it was merged into (`mergedFrom` is the id asked for); null when there is none.
 */
export async function resolveSight(
  db: Queryable,
  id: string,
): Promise<{ sight: z.input<typeof Sight>; mergedFrom: string | undefined } | null> {
  let key = id;
  let mergedFrom: string | undefined;
  for (let hop = 0; hop < 5; hop++) {
    const { rows } = await db.query<z.input<typeof Sight> & { hidden: boolean; merged_into: string | null }>(
      `SELECT ${SIGHT_COLUMNS}, s.hidden AS hidden, s.merged_into AS merged_into FROM public.sights s WHERE s.id = $1 OR s.slug = $1 LIMIT 1`,
      [key],
    );
    const row = rows[0];
    if (!row) return null;
    const { hidden, merged_into, ...visible } = row;
    if (!hidden) return { sight: visible, mergedFrom };
    if (!merged_into) return null;
    mergedFrom ??= row.id;
    key = merged_into;
  }
  return null;
}

/** A sight's own ordered stations (not a guide's), with the audio URL of those that have one. */
export async function sightStations(db: Queryable, sightId: string): Promise<z.input<typeof Station>[]> {
  const { rows } = await db.query<Omit<z.input<typeof Station>, 'audio_url'> & { audio_path: string | null }>(
    `SELECT id, position, title, text, audio_path, latitude, longitude FROM public.stations
      WHERE sight_id = $1 AND guide_id IS NULL ORDER BY position, created_at`,
    [sightId],
  );
  return rows.map(({ audio_path, ...st }) => ({
    ...st,
    audio_url: audio_path ? `/guides/audio/${st.id}` : null,
  }));
}

/** Approved photos for everyone, plus the viewer's own pending/rejected uploads (their review status). */
export async function visibleImages(db: Queryable, sightId: string, viewerId: string | null) {
  return (
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
      [sightId, viewerId],
    )
  ).rows;
}

/** City, country and country code of a sight from the offline gazetteer (kept unless `force`). */
export async function enrichSight(
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
    return {
      sight_id: s.id,
      ok: true as const,
      city: s.city,
      country: s.country,
      country_code: s.country_code,
    };
  }
  const gaz = await getGazetteer();
  // The stored country (the seed's comes from country borders) narrows the choice, unless the caller moves the point.
  const moved = input.lat != null || input.lon != null;
  const hint = moved ? null : s.country_code;
  const hit = gaz.locate(input.lat ?? s.latitude, input.lon ?? s.longitude, hint);
  if (!hit)
    return {
      sight_id: s.id,
      ok: false,
      city: s.city,
      country: s.country,
      country_code: s.country_code,
      error: 'No place found',
    };
  const inCountry = !hint || hit.city.countryCode === hint.toUpperCase();
  const cc = inCountry ? hit.city.countryCode : hint;
  const city = hit.distanceKm <= 50 && inCountry ? hit.city.name : s.city;
  const country = countryName(cc) ?? s.country;
  await tx.query(
    'UPDATE public.sights SET city = $2, country = $3, country_code = $4, updated_at = now() WHERE id = $1',
    [s.id, city, country, cc],
  );
  return { sight_id: s.id, ok: true as const, city, country, country_code: cc };
}
