import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { createRateLimiter } from '../utils/limits';
import { distanceMeters, type CategoryFilter, type Place } from '../utils/places-logic';

export const FALLBACK_PER_TYPE = 60;
export const FALLBACK_MAX = 120;
export const FALLBACK_TIMEOUT_MS = 25_000;
export const FALLBACK_WINDOW_MS = 60_000;

const TAGS: Record<Exclude<CategoryFilter, 'all'>, string[]> = {
  landmark: ['tourism=attraction', 'tourism=viewpoint', 'man_made=tower'],
  museum: ['tourism=museum', 'tourism=gallery'],
  scenery: ['leisure=park', 'natural=peak', 'natural=beach', 'leisure=garden'],
  historic: ['historic=monument', 'historic=memorial', 'historic=castle', 'historic=ruins'],
};

/** Overpass QL for named POIs of the wanted categories around a point; 60 per category. */
export function buildOverpassQuery(lat: number, lon: number, km: number, type: CategoryFilter): string {
  const kinds = type === 'all' ? (Object.keys(TAGS) as Array<keyof typeof TAGS>) : [type];
  const r = Math.round(km * 1000);
  const parts = kinds.map((k) => {
    const sel = TAGS[k].map((t) => {
      const [key, val] = t.split('=');
      return `nwr["${key}"="${val}"]["name"](around:${r},${lat},${lon});`;
    });
    return `(${sel.join('')});out center ${FALLBACK_PER_TYPE};`;
  });
  return `[out:json][timeout:25];${parts.join('')}`;
}

function categoryOf(tags: Record<string, string>): Exclude<CategoryFilter, 'all'> {
  for (const [cat, list] of Object.entries(TAGS) as Array<[Exclude<CategoryFilter, 'all'>, string[]]>) {
    if (
      list.some((t) => {
        const [k, v] = t.split('=');
        return tags[k!] === v;
      })
    )
      return cat;
  }
  if (tags.historic) return 'historic';
  if (tags.natural || tags.leisure) return 'scenery';
  return 'landmark';
}

/** Overpass JSON elements to places: per category at most 60 nearest, then 120 nearest overall. */
export function parseOverpass(body: unknown, lat: number, lon: number): Place[] {
  const els = (body as { elements?: unknown[] } | null)?.elements;
  if (!Array.isArray(els)) return [];
  const byCat = new Map<string, Place[]>();
  for (const raw of els as Array<Record<string, unknown>>) {
    const tags = (raw.tags ?? {}) as Record<string, string>;
    const center = raw.center as { lat?: number; lon?: number } | undefined;
    const la = Number(raw.lat ?? center?.lat);
    const lo = Number(raw.lon ?? center?.lon);
    const name = tags['name:en'] || tags.name;
    if (!name || !Number.isFinite(la) || !Number.isFinite(lo)) continue;
    const cat = categoryOf(tags);
    const place: Place = {
      id: `osm-${String(raw.type ?? 'node')}-${String(raw.id)}`,
      slug: `osm-${String(raw.id)}`,
      name,
      description: tags.description ?? '',
      cover_image_url: null,
      img_preview: null,
      city: tags['addr:city'] ?? null,
      country: null,
      country_code: null,
      latitude: la,
      longitude: lo,
      rating_avg: 0,
      ratings_count: 0,
      distance_m: distanceMeters(lat, lon, la, lo),
      category_slugs: [cat],
      category_hint: cat,
      popularity: null,
    };
    const arr = byCat.get(cat) ?? [];
    arr.push(place);
    byCat.set(cat, arr);
  }
  const all: Place[] = [];
  for (const arr of byCat.values()) {
    arr.sort((a, b) => a.distance_m! - b.distance_m!);
    all.push(...arr.slice(0, FALLBACK_PER_TYPE));
  }
  return all.sort((a, b) => a.distance_m! - b.distance_m!).slice(0, FALLBACK_MAX);
}

const limiter = createRateLimiter(FALLBACK_WINDOW_MS);
/** For tests. */
export const resetFallbackLimiter = () => limiter.reset();

/**
 * Queries the Overpass-compatible map-data service when the API fails or has nothing.
 * Returns null when turned off (empty mapDataUrl) or rate limited (once per 60 s).
 */
export async function fetchMapDataFallback(
  p: { lat: number; lon: number; km: number; type: CategoryFilter },
  opts: { url?: string; fetchImpl?: typeof fetch } = {},
): Promise<Place[] | null> {
  const url = opts.url ?? readRuntimeConfig().mapDataUrl;
  if (!url) return null;
  if (!limiter.tryAcquire()) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FALLBACK_TIMEOUT_MS);
  try {
    const form = new URLSearchParams({ data: buildOverpassQuery(p.lat, p.lon, p.km, p.type) });
    const res = await (opts.fetchImpl ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(res.statusText || 'map data failed');
    return parseOverpass(await res.json(), p.lat, p.lon);
  } finally {
    clearTimeout(timer);
  }
}
