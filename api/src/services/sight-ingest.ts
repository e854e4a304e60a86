import type { SightIngestResponse } from '@wayfarer/contracts';
import type { Config } from '../config/env';
import type { Db, Queryable } from '../db/types';
import { badRequest, HttpError } from '../http/errors';
import { countryName, normalizeName, slugify, type Category } from './categories';
import { describeSight } from './describe';
import { getGazetteer } from './gazetteer';
import { fetchIngestSource, type IngestSource, type SourcePoint } from './ingest-source';
import { classifyOsmTags, osmName, type OsmSightFacts } from './osm-tags';

/** Same normalized name within this distance is the same sight (spec point 9: dedupe distance 120 m). */
export const DEDUPE_METERS = 120;

export interface IngestRequest {
  lat: number;
  lon: number;
  /** Radius to cover, km (already clamped 1-20). */
  km: number;
  /** Radius the caller already holds, km; honoured only when the ingest log shows that disc covered. */
  kmPrev: number;
  /** 'local', 'remote', or a caller label (default source). */
  source: string | undefined;
  publish: boolean;
  /** Canonical categories to store; empty = all. */
  categories: Category[];
  userId: string | null;
  userAgent: string;
}

export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Picks the source: 'local' and 'remote' force one; anything else (a caller label) takes the configured default. */
export function resolveIngestSource(config: Config, choice: string | undefined): IngestSource {
  const c = (choice ?? '').toLowerCase();
  const { sourceUrl, localFile, timeoutMs } = config.ingest;
  if (c === 'local') return { provider: 'local', file: localFile };
  if (c === 'remote' || c === 'overpass') {
    if (!sourceUrl)
      throw badRequest('No remote map-data service is configured (INGEST_SOURCE_URL); use source "local"');
    return { provider: 'overpass', url: sourceUrl, timeoutMs };
  }
  return sourceUrl
    ? { provider: 'overpass', url: sourceUrl, timeoutMs }
    : { provider: 'local', file: localFile };
}

interface Candidate {
  id: string;
  sourceId: string;
  name: string;
  normalized: string;
  lat: number;
  lon: number;
  facts: OsmSightFacts;
  /** The element's `wikidata` tag, when it names one item: where the sight's facts are fetched from. */
  wikidata: string | null;
}

interface Existing {
  id: string;
  slug: string;
  normalized_name: string;
  latitude: number;
  longitude: number;
  category_hint: string | null;
  cover_image_url: string | null;
}

/** Whether a recent successful run of this provider covered the disc (and the categories asked for). */
async function covered(
  db: Queryable,
  provider: string,
  lat: number,
  lon: number,
  km: number,
  categories: Category[],
  ttlSeconds: number,
) {
  if (ttlSeconds <= 0 || km <= 0) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM public.ingest_runs r
      WHERE r.status = 'ok' AND r.provider = $1 AND r.created_at > now() - make_interval(secs => $6)
        AND (cardinality(r.categories) = 0 OR (cardinality($5::text[]) > 0 AND $5::text[] <@ r.categories))
        AND earth_distance(ll_to_earth(r.latitude, r.longitude), ll_to_earth($2, $3)) + $4 <= r.km * 1000 + 1
      LIMIT 1`,
    [provider, lat, lon, km * 1000, categories, ttlSeconds],
  );
  return rows.length > 0;
}

async function recordRun(
  db: Queryable,
  r: {
    req: IngestRequest;
    provider: string;
    status: 'ok' | 'cached' | 'failed';
    fetched?: number;
    inserted?: number;
    updated?: number;
    duplicates?: number;
    error?: string;
    ms: number;
    kmPrev: number;
  },
) {
  await db.query(
    `INSERT INTO public.ingest_runs (user_id, provider, caller, latitude, longitude, km, km_prev, categories, status, fetched, inserted, updated, duplicates, error, duration_ms)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
    [
      r.req.userId,
      r.provider,
      r.req.source ?? null,
      r.req.lat,
      r.req.lon,
      r.req.km,
      r.kmPrev,
      r.req.categories,
      r.status,
      r.fetched ?? 0,
      r.inserted ?? 0,
      r.updated ?? 0,
      r.duplicates ?? 0,
      r.error ?? null,
      Math.round(r.ms),
    ],
  );
}

/**
 * POST /sights/ingest: widens the stored sights to a radius from the map-data source. Idempotent: elements are keyed by
 * their OSM id (`osm-node-123`), and an element with the same normalized name as a stored sight within 120 m is a
 * duplicate and not stored again. New sights get a slug from the name (80 characters at most), city and country from
 * the gazetteer and a description from the product's local writer. A disc covered by a recent run is not fetched again.
 */
export async function ingestSights(db: Db, config: Config, req: IngestRequest): Promise<SightIngestResponse> {
  const t0 = performance.now();
  const source = resolveIngestSource(config, req.source);
  const base = { ok: true as const, source: source.provider, km: req.km };
  const zero = {
    fetched: 0,
    candidates: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    skipped: 0,
    inserted_ids: [] as string[],
  };

  if (
    await covered(db, source.provider, req.lat, req.lon, req.km, req.categories, config.ingest.cacheSeconds)
  ) {
    await recordRun(db, {
      req,
      provider: source.provider,
      status: 'cached',
      ms: performance.now() - t0,
      kmPrev: req.kmPrev,
    });
    return { ...base, cached: true, km_prev: req.kmPrev, ...zero };
  }

  const cap = config.ingest.maxFetchesPerMinute;
  if (cap > 0 && req.userId) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.ingest_runs WHERE user_id = $1 AND status <> 'cached' AND created_at > now() - interval '1 minute'`,
      [req.userId],
    );
    if ((rows[0]?.n ?? 0) >= cap)
      throw new HttpError(429, 'Too many ingest requests; try again in a minute', 'ingest_rate_limited');
  }

  // The inner disc is skipped only when our own log shows it ingested (the caller's km_prev alone is not trusted).
  const inner =
    req.kmPrev > 0 &&
    req.kmPrev < req.km &&
    (await covered(
      db,
      source.provider,
      req.lat,
      req.lon,
      req.kmPrev,
      req.categories,
      config.ingest.cacheSeconds,
    ))
      ? req.kmPrev
      : 0;

  let fetched;
  try {
    fetched = await fetchIngestSource(source, req.lat, req.lon, req.km * 1000, req.userAgent);
  } catch (err) {
    await recordRun(db, {
      req,
      provider: source.provider,
      status: 'failed',
      error: (err as Error).message.slice(0, 500),
      ms: performance.now() - t0,
      kmPrev: inner,
    }).catch(() => undefined);
    throw err;
  }

  const candidates = selectCandidates(fetched.points, req, inner);
  const counts = { inserted: 0, updated: 0, unchanged: 0, duplicates: candidates.batchDuplicates };
  const insertedIds: string[] = [];
  const toInsert: Candidate[] = [];

  const gazetteer = candidates.items.length ? await getGazetteer() : null;
  await db.transaction(async (tx) => {
    // One ingest at a time writes, so two overlapping calls cannot both insert the same new sight.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('wayfarer:sights-ingest'))");
    const near = (
      await tx.query<Existing>(
        `SELECT id, slug, normalized_name, latitude, longitude, category_hint, cover_image_url FROM public.sights
          WHERE earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(latitude, longitude) OR id = ANY($4::text[])`,
        [req.lat, req.lon, req.km * 1000 + DEDUPE_METERS * 2, candidates.items.map((c) => c.id)],
      )
    ).rows;
    const byId = new Map(near.map((e) => [e.id, e]));
    const byName = new Map<string, Existing[]>();
    for (const e of near) byName.set(e.normalized_name, [...(byName.get(e.normalized_name) ?? []), e]);

    for (const c of candidates.items) {
      const same = byId.get(c.id);
      if (same) {
        const moved = haversineM(same.latitude, same.longitude, c.lat, c.lon) > 0.5;
        const hint = c.facts.hint.split('=')[1] ?? null;
        const fillCover = !same.cover_image_url && c.facts.coverImageUrl;
        if (moved || same.category_hint !== hint || fillCover) {
          // Coordinates and source facts follow the map data; name, categories and description stay as stored
          // (an admin may have edited them).
          await tx.query(
            `UPDATE public.sights SET latitude = $2, longitude = $3, category_hint = $4,
                    cover_image_url = COALESCE(cover_image_url, $5), img_preview = COALESCE(img_preview, $6), updated_at = now()
              WHERE id = $1`,
            [c.id, c.lat, c.lon, hint, c.facts.coverImageUrl, c.facts.previewImageUrl],
          );
          counts.updated++;
        } else counts.unchanged++;
        continue;
      }
      const dup = (byName.get(c.normalized) ?? []).some(
        (e) => haversineM(e.latitude, e.longitude, c.lat, c.lon) <= DEDUPE_METERS,
      );
      if (dup) {
        counts.duplicates++;
        continue;
      }
      toInsert.push(c);
    }

    if (toInsert.length) {
      const wanted = toInsert.map((c) => slugify(c.name));
      const taken = new Set(
        (
          await tx.query<{ slug: string }>('SELECT slug FROM public.sights WHERE slug = ANY($1::text[])', [
            wanted,
          ])
        ).rows.map((r) => r.slug),
      );
      for (const c of toInsert) {
        let slug = slugify(c.name);
        if (taken.has(slug)) slug = slugify(c.name, c.sourceId.replace('/', '-'));
        taken.add(slug);
        const place = gazetteer?.locate(c.lat, c.lon);
        const cc = place ? place.city.countryCode : null;
        const city = place && place.distanceKm <= 50 ? place.city.name : null;
        const country = countryName(cc);
        const primary = c.facts.categories[0]!;
        const description = describeSight({
          name: c.name,
          category: primary,
          subtype: c.facts.writerKind,
          city,
          country,
          popularity: null,
        });
        const r = await tx.query(
          `INSERT INTO public.sights (id, slug, name, normalized_name, description, cover_image_url, img_preview, city, country, country_code,
                                      latitude, longitude, category_slugs, category_hint, subtype, popularity, source, source_id, hidden, wikidata_id)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,NULL,'osm',$16,$17,$18)
           ON CONFLICT DO NOTHING`,
          [
            c.id,
            slug,
            c.name,
            c.normalized,
            description,
            c.facts.coverImageUrl,
            c.facts.previewImageUrl,
            city,
            country,
            cc,
            c.lat,
            c.lon,
            c.facts.categories,
            c.facts.hint.split('=')[1] ?? primary,
            `osm:${c.facts.hint}`,
            c.sourceId,
            !req.publish,
            c.wikidata,
          ],
        );
        if (r.rowCount > 0) {
          counts.inserted++;
          insertedIds.push(c.id);
        } else counts.duplicates++;
      }
    }
    await recordRun(tx, {
      req,
      provider: source.provider,
      status: 'ok',
      fetched: fetched.total,
      inserted: counts.inserted,
      updated: counts.updated,
      duplicates: counts.duplicates,
      ms: performance.now() - t0,
      kmPrev: inner,
    });
  });

  return {
    ...base,
    cached: false,
    km_prev: inner,
    fetched: fetched.total,
    candidates: candidates.items.length + candidates.batchDuplicates,
    ...counts,
    skipped: fetched.total - candidates.items.length - candidates.batchDuplicates,
    inserted_ids: insertedIds,
  };
}

/** Named sights of the wanted categories inside the ring, each OSM element once, same name within 120 m once. */
export function selectCandidates(
  points: SourcePoint[],
  req: Pick<IngestRequest, 'lat' | 'lon' | 'km' | 'categories'>,
  innerKm: number,
) {
  const items: Candidate[] = [];
  const seenIds = new Set<string>();
  let batchDuplicates = 0;
  const withDistance = points
    .map((p) => ({ p, d: haversineM(req.lat, req.lon, p.lat, p.lon) }))
    .filter(({ d }) => d <= req.km * 1000 && d >= innerKm * 1000)
    .sort((a, b) => a.d - b.d || a.p.id - b.p.id);
  for (const { p } of withDistance) {
    const name = osmName(p.tags);
    if (!name) continue;
    const facts = classifyOsmTags(p.tags);
    if (!facts) continue;
    if (req.categories.length && !facts.categories.some((c) => req.categories.includes(c))) continue;
    const id = `osm-${p.type}-${p.id}`;
    if (seenIds.has(id)) continue;
    seenIds.add(id);
    // Names without Latin letters or digits normalize to '' in the seed's scheme; compare those case-folded.
    const normalized = normalizeName(name) || name.toLowerCase();
    if (
      items.some(
        (i) => i.normalized === normalized && haversineM(i.lat, i.lon, p.lat, p.lon) <= DEDUPE_METERS,
      )
    ) {
      batchDuplicates++;
      continue;
    }
    const wikidata = /^Q[1-9][0-9]{0,11}$/.test((p.tags.wikidata ?? '').trim())
      ? p.tags.wikidata.trim()
      : null;
    items.push({
      id,
      sourceId: `${p.type}/${p.id}`,
      name,
      normalized,
      lat: p.lat,
      lon: p.lon,
      facts,
      wikidata,
    });
  }
  return { items, batchDuplicates };
}
