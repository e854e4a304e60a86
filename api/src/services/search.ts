import fs from 'node:fs';
import type { SearchResult } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { countryName } from './categories';
import { parseCsv } from './csv';
import { getGazetteer, type City } from './gazetteer';
import {
  MIN_SIMILARITY,
  MIN_WORD_SIMILARITY,
  NEAR_HALF_KM,
  W_NEAR,
  W_POPULAR,
  pieceSets,
  queryPieces,
  type SearchHitOptions,
  type SightHit,
  type SightSearchIndex,
} from './sight-search-index';

/**
 * A sight whose name matches at least this well (trigram similarity or word similarity, 0..1) is listed before the
 * places: "colloseum" scores 0.54 against "colosseum", "eiffel" 1.0 against "eiffel tower".
 */
export const GOOD_SIGHT_MATCH = 0.5;

export type SearchOptions = SearchHitOptions;
export { queryPieces };

/**
 * Sights by name, best first, for GET /search. Both sides go through public.search_fold (unaccent, lower case,
 * punctuation to spaces; migration 0205). Candidates come from the trigram GIN indexes through `LIKE` alone: names
 * with a word that starts with the query ("eiff", "sagrada familia"), and names holding all but one of the query's
 * pieces (queryPieces: "colloseum" finds "colosseum" through "col" and "eum"). pg_trgm's similarity() and
 * word_similarity() then keep the names that match (MIN_SIMILARITY, MIN_WORD_SIMILARITY) and rank them.
 * Not the `%` / `<%` operators or a GiST `<->` order: on PGlite (0.5.16 and 0.5.17) those answer wrongly or never
 * in about half of fresh processes, while `LIKE` and the functions answer every time (docs/search.md); on PostgreSQL
 * the same statement runs alike.
 */
export async function searchSights(db: Queryable, o: SearchOptions): Promise<SightHit[]> {
  // Nothing to match in punctuation alone (it folds to an empty string).
  if (!/[\p{L}\p{N}]/u.test(o.q)) return [];
  const folded =
    (await db.query<{ f: string }>('SELECT public.search_fold($1) AS f', [o.q])).rows[0]?.f ?? '';
  if (!folded) return [];
  const point = o.lat !== undefined && o.lon !== undefined;
  const params: unknown[] = [folded, o.limit];
  const distance = point
    ? `earth_distance(ll_to_earth($${params.push(o.lat)}::float8, $${params.push(o.lon)}::float8),
        ll_to_earth(s.latitude, s.longitude)) / 1000.0`
    : 'NULL::float8';
  const near = point ? `${W_NEAR} / (1 + (${distance}) / ${NEAR_HALF_KM})` : '0';
  // The fold leaves no % or _ in the query or its pieces, so they go into LIKE patterns as they are.
  const pieces = queryPieces(folded).map((piece) => `'%' || $${params.push(piece)}::text || '%'`);
  // Each condition is one arm of a UNION, not an OR, so each is a bitmap scan of its trigram index.
  const conds = (col: string) => [
    `${col} LIKE $1 || '%'`,
    `${col} LIKE '% ' || $1 || '%'`,
    ...pieceSets(pieces).map((set) => set.map((p) => `${col} LIKE ${p}`).join(' AND ')),
  ];
  const match = (col: string) => `greatest(similarity(${col}, $1), word_similarity($1, ${col}))`;
  const keep = (col: string) =>
    `(similarity(${col}, $1) >= ${MIN_SIMILARITY} OR word_similarity($1, ${col}) >= ${MIN_WORD_SIMILARITY})`;
  const sightName = 's.search_name';
  const arms = [
    ...conds(sightName).map(
      (c) => `SELECT s.id FROM public.sights s WHERE NOT s.hidden AND s.merged_into IS NULL AND ${c}`,
    ),
    ...conds('n.normalised').map((c) => `SELECT n.sight_id FROM public.sight_names n WHERE ${c}`),
  ];
  const select = `s.id, s.name, s.category_slugs[1] AS category, s.city, s.country,
      s.latitude AS lat, s.longitude AS lon, b.match::float8 AS match, b.exact, (${distance})::float8 AS distance_km,
      (b.match + ${W_POPULAR} * COALESCE(s.popularity, 0) / 100.0 + ${near})::float8 AS score`;
  const { rows } = await db.query<SightHit>(
    `WITH c AS (${arms.join('\n       UNION ')}),
     hits AS (
       SELECT s.id, ${match(sightName)} AS match, ${sightName} = $1 AS exact
         FROM c JOIN public.sights s ON s.id = c.id WHERE ${keep(sightName)}
       UNION ALL
       -- A name in another language that starts with the query counts by how much of it the query covers: with
       -- LC_CTYPE C (initdb's default without a locale) pg_trgm makes no trigrams of letters outside ASCII (Arabic).
       SELECT n.sight_id, greatest(${match('n.normalised')},
                CASE WHEN n.normalised LIKE $1 || '%'
                     THEN char_length($1)::float8 / greatest(char_length(n.normalised), 1) ELSE 0 END),
              n.normalised = $1
         FROM c JOIN public.sight_names n ON n.sight_id = c.id
        WHERE ${keep('n.normalised')} OR n.normalised LIKE $1 || '%'
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
export async function searchSightsAndPlaces(
  db: Queryable,
  o: SearchOptions,
  index?: SightSearchIndex,
): Promise<SearchResult[]> {
  const key = index?.ready ? JSON.stringify([o.q, o.lat, o.lon, o.limit]) : undefined;
  const generation = index?.generation ?? 0;
  const remembered = key === undefined ? undefined : index!.answer<SearchResult[]>(key);
  if (remembered) return remembered;
  const [sights, gaz] = await Promise.all([
    index?.ready ? index.search(o) : searchSights(db, o),
    getGazetteer(),
  ]);
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
  const answer = [
    ...sights.filter((s) => s.exact).map(toSight),
    ...places.filter(isExact).map(toPlace),
    ...sights.filter((s) => !s.exact && s.match >= GOOD_SIGHT_MATCH).map(toSight),
    ...places.filter((c) => !isExact(c)).map(toPlace),
    ...sights.filter((s) => !s.exact && s.match < GOOD_SIGHT_MATCH).map(toSight),
  ].slice(0, o.limit);
  if (key !== undefined) index!.remember(key, answer, generation);
  return answer;
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
