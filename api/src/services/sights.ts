import type { Queryable } from '../db/types';

export const SIGHT_COLUMNS = `s.id, s.slug, s.name, s.description, s.cover_image_url, s.img_preview, s.city, s.country, s.country_code,
  s.latitude, s.longitude, s.rating_avg::float8 AS rating_avg, s.ratings_count, s.category_slugs, s.category_hint, s.popularity`;

export interface NearbyOptions {
  lat: number;
  lon: number;
  km: number;
  categories: string[];
  limit: number;
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
