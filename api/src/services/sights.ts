import { NearbyQuery } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { parseCategoryFilter } from './categories';

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
 * trims the box corners to the exact radius. The route answers from the in-memory SightIndex when it is ready,
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
