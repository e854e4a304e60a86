import fs from 'node:fs';
import type { SearchResult } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { countryName } from './categories';
import { parseCsv } from './csv';
import { getGazetteer, type City } from './gazetteer';

export interface SearchOptions {
  q: string;
  lat?: number;
  lon?: number;
  limit: number;
}

/**
 * A sight whose name matches at least this well (trigram similarity or word similarity, 0..1) is listed before the
 * places: "colloseum" scores 0.54 against "colosseum", "eiffel" 1.0 against "eiffel tower".
 */
export const GOOD_SIGHT_MATCH = 0.5;
/** Weights of the sight score: the name first, then how popular the sight is, then how near the point sent. */
const W_POPULAR = 0.25;
const W_NEAR = 0.25;
/** Distance at which nearness counts half (km). */
const NEAR_HALF_KM = 25;

interface SightHit {
  id: string;
  name: string;
  category: string | null;
  city: string | null;
  country: string | null;
  lat: number;
  lon: number;
  match: number;
  /** The name (or one of its names in another language) folds to exactly the query. */
  exact: boolean;
  score: number;
  distance_km: number | null;
}

/**
 * Sights by name, best first, for GET /search. Both sides go through public.search_fold (unaccent, lower case,
 * punctuation to spaces; migration 0205), whose trigram GIN indexes on sights and sight_names pick the candidates:
 * `%` (similarity >= pg_trgm.similarity_threshold, 0.3) finds misspellings of a whole name, `<%` (word similarity >=
 * 0.6) a name's word or its beginning while one types ("ro" finds the words that start with it).
 */
export async function searchSights(db: Queryable, o: SearchOptions): Promise<SightHit[]> {
  // Nothing to match in punctuation alone (it folds to an empty string).
  if (!/[\p{L}\p{N}]/u.test(o.q)) return [];
  const point = o.lat !== undefined && o.lon !== undefined;
  const distance = point
    ? `earth_distance(ll_to_earth($3::float8, $4::float8), ll_to_earth(s.latitude, s.longitude)) / 1000.0`
    : 'NULL::float8';
  const near = point ? `${W_NEAR} / (1 + (${distance}) / ${NEAR_HALF_KM})` : '0';
  const params: unknown[] = [o.q, o.limit];
  if (point) params.push(o.lat, o.lon);
  const select = `s.id, s.name, s.category_slugs[1] AS category, s.city, s.country,
      s.latitude AS lat, s.longitude AS lon, b.match::float8 AS match, b.exact, (${distance})::float8 AS distance_km,
      (b.match + ${W_POPULAR} * COALESCE(s.popularity, 0) / 100.0 + ${near})::float8 AS score`;
  const f = 'public.search_fold($1)';
  const match = (col: string) => `greatest(similarity(${col}, ${f}), word_similarity(${f}, ${col}))`;
  const sightArm = (cond: string) =>
    `SELECT s.id, ${match('public.search_fold(s.name)')} AS match, public.search_fold(s.name) = ${f} AS exact
       FROM public.sights s WHERE NOT s.hidden AND s.merged_into IS NULL AND ${cond}`;
  const nameArm = (cond: string, m = match('n.normalised')) =>
    `SELECT n.sight_id, ${m}, n.normalised = ${f} FROM public.sight_names n WHERE ${cond}`;
  // One arm per indexed condition (UNION ALL, not OR): each arm is a bitmap scan of its trigram index whatever the
  // statistics say; an OR was planned as a filter over every row (unaccent per row) before the table was analysed.
  // The last arm finds other-language names by their beginning where pg_trgm makes no trigrams of their letters
  // (PostgreSQL with LC_CTYPE C and an Arabic name). The fold leaves no % or _ in the pattern.
  const { rows } = await db.query<SightHit>(
    `WITH hits AS (
       ${sightArm(`public.search_fold(s.name) % ${f}`)}
       UNION ALL ${sightArm(`${f} <% public.search_fold(s.name)`)}
       UNION ALL ${nameArm(`n.normalised % ${f}`)}
       UNION ALL ${nameArm(`${f} <% n.normalised`)}
       UNION ALL ${nameArm(
         `n.normalised LIKE ${f} || '%'`,
         `char_length(${f})::float8 / greatest(char_length(n.normalised), 1)`,
       )}
     ), b AS (SELECT id, max(match) AS match, bool_or(exact) AS exact FROM hits GROUP BY id)
     SELECT ${select} FROM b JOIN public.sights s ON s.id = b.id
      WHERE NOT s.hidden AND s.merged_into IS NULL
      ORDER BY score DESC, s.name LIMIT $2`,
    params,
  );
  return rows;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * One list of sights and places (cities of the offline gazetteer) for the explore search box, in tiers: sights named
 * exactly as asked (the "Sagrada Família" sight before the Barcelona quarter of that name); places named exactly as
 * asked, most populous first ("Paris" the city before the sights with Paris in their names); sights that match well
 * (GOOD_SIGHT_MATCH), best score first; the other places (names that start with the query); then the sights that
 * match less. Places take at most half the list while there are sights to show.
 */
export async function searchSightsAndPlaces(db: Queryable, o: SearchOptions): Promise<SearchResult[]> {
  const [sights, gaz] = await Promise.all([searchSights(db, o), getGazetteer()]);
  const point = o.lat !== undefined && o.lon !== undefined;
  const dist = (lat: number, lon: number) =>
    point ? Math.round(haversineKm(o.lat!, o.lon!, lat, lon) * 10) / 10 : null;
  const q = fold(o.q);
  const toPlace = (c: City): SearchResult => ({
    kind: 'place',
    id: String(c.id),
    name: c.name,
    category: null,
    city: c.name,
    country: countryName(c.countryCode) ?? c.countryCode,
    lat: c.lat,
    lon: c.lon,
    distance_km: dist(c.lat, c.lon),
  });
  const toSight = (s: SightHit): SearchResult => ({
    kind: 'sight',
    id: s.id,
    name: s.name,
    category: s.category,
    city: s.city,
    country: s.country,
    lat: s.lat,
    lon: s.lon,
    distance_km: s.distance_km === null ? null : Math.round(s.distance_km * 10) / 10,
  });
  const placeRoom = Math.max(Math.ceil(o.limit / 2), o.limit - sights.length);
  const places = gaz.search(o.q, placeRoom);
  const isExact = (c: City) => fold(c.name) === q;
  return [
    ...sights.filter((s) => s.exact).map(toSight),
    ...places.filter(isExact).map(toPlace),
    ...sights.filter((s) => !s.exact && s.match >= GOOD_SIGHT_MATCH).map(toSight),
    ...places.filter((c) => !isExact(c)).map(toPlace),
    ...sights.filter((s) => !s.exact && s.match < GOOD_SIGHT_MATCH).map(toSight),
  ].slice(0, o.limit);
}

/**
 * Loads `file` (api/data/sight-names.csv: `id,lang,name`: a sight's name in another language) into public.sight_names when
 * that table is empty and the file exists; rows of sights the database does not hold are skipped. Returns the rows
 * written.
 */
export async function seedSightNames(db: Queryable, file: string): Promise<number> {
  if (!fs.existsSync(file)) return 0;
  const { rows: any } = await db.query('SELECT 1 FROM public.sight_names LIMIT 1');
  if (any.length) return 0;
  const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
  const col = Object.fromEntries((header ?? []).map((h, i) => [h.trim(), i])) as Record<string, number>;
  if (col.id === undefined || col.lang === undefined || col.name === undefined) return 0;
  const ids: string[] = [];
  const langs: string[] = [];
  const names: string[] = [];
  for (const r of rows) {
    const id = (r[col.id] ?? '').trim();
    const lang = (r[col.lang] ?? '').trim().toLowerCase();
    const name = (r[col.name] ?? '').trim();
    if (!id || !/^[a-z]{2,3}$/.test(lang) || !name || name.length > 300 || name.includes('\0')) continue;
    ids.push(id);
    langs.push(lang);
    names.push(name);
  }
  let n = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const res = await db.query(
      `INSERT INTO public.sight_names (sight_id, lang, name)
       SELECT c.id, c.lang, c.name FROM unnest($1::text[], $2::text[], $3::text[]) AS c(id, lang, name)
         JOIN public.sights s ON s.id = c.id
       ON CONFLICT DO NOTHING`,
      [ids.slice(i, i + 5000), langs.slice(i, i + 5000), names.slice(i, i + 5000)],
    );
    n += res.rowCount;
  }
  return n;
}
