import type { NearbySight } from '@wayfarer/contracts';
import { distanceM as distanceMeters } from '@wayfarer/geo';

/** One place in the list; the nearby response gives distance_km or distance_m, stored as metres. */
export type Place = Omit<NearbySight, 'distance_km' | 'distance_m' | 'popularity'> & {
  distance_m: number | null;
  popularity?: number | null;
};

export type CategoryFilter = 'all' | 'landmark' | 'museum' | 'scenery' | 'historic';

export interface PlacesMeta {
  geo: { lat: number; lon: number } | null;
  km: number;
  selectedType: CategoryFilter;
  query: string;
  maxFetchedKm: number;
}

export interface PlacesState {
  items: Place[];
  loading: boolean;
  updating: boolean;
  error: string | null;
  initialized: boolean;
  meta: PlacesMeta;
}

export const KM_MIN = 1;
export const KM_MAX = 20;
export const SEARCH_KM = 5;
export const DEDUPE_METERS = 120;

export const initialPlacesState = (): PlacesState => ({
  items: [],
  loading: false,
  updating: false,
  error: null,
  initialized: false,
  // Spec point 3: the places state defaults to 20 km; the search flow sets 5 km.
  meta: { geo: null, km: KM_MAX, selectedType: 'all', query: '', maxFetchedKm: 0 },
});

/** Radius clamped to 1-20 km; non-numbers fall back to the search default. */
export function clampKm(v: unknown): number {
  const n = typeof v === 'string' ? Number(v.trim()) : typeof v === 'number' ? v : NaN;
  if (!Number.isFinite(n)) return SEARCH_KM;
  return Math.min(KM_MAX, Math.max(KM_MIN, n));
}

/** Place-name query: trimmed, inner whitespace collapsed. */
export function normalizeQuery(q: string): string {
  return q.replace(/\s+/g, ' ').trim();
}

const ALIASES: Record<string, CategoryFilter> = {
  all: 'all',
  landmark: 'landmark',
  museum: 'museum',
  scenery: 'scenery',
  nature: 'scenery',
  natural: 'scenery',
  historic: 'historic',
  history: 'historic',
  historical: 'historic',
};

/** Category with the spec's aliases; unknown values mean no filter. */
export function normalizeCategory(v: string | null | undefined): CategoryFilter {
  return ALIASES[(v ?? '').trim().toLowerCase()] ?? 'all';
}

/** Name key for duplicate detection: case, accents, punctuation and spacing ignored. */
const PLAIN_ASCII = /^[A-Za-z0-9 ]*$/;
export function normalizeName(name: string): string {
  // Fast path for the common case (thousands of plain names per load).
  if (PLAIN_ASCII.test(name)) return name.toLowerCase().replace(/ +/g, ' ').trim();
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Great-circle distance in metres (@wayfarer/geo, shared with the API). */
export { distanceMeters };

function isDuplicate(a: Place, b: Place): boolean {
  if (a.id === b.id) return true;
  return (
    normalizeName(a.name) === normalizeName(b.name) &&
    distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude) <= DEDUPE_METERS
  );
}

/** Keeps the first of any items sharing an id or a normalized name within 120 m. */
export function dedupe(items: Place[]): Place[] {
  const out: Place[] = [];
  const byName = new Map<string, Place[]>();
  const ids = new Set<string>();
  for (const it of items) {
    if (ids.has(it.id)) continue;
    const key = normalizeName(it.name);
    const same = byName.get(key) ?? [];
    if (same.some((o) => isDuplicate(o, it))) continue;
    ids.add(it.id);
    same.push(it);
    byName.set(key, same);
    out.push(it);
  }
  return out;
}

/** add: replaces the list. */
export function addItems(state: PlacesState, items: Place[]): PlacesState {
  return { ...state, items: dedupe(items) };
}

/** update: appends only items whose id is new. */
export function updateItems(state: PlacesState, items: Place[]): PlacesState {
  const ids = new Set(state.items.map((i) => i.id));
  return { ...state, items: dedupe([...state.items, ...items.filter((i) => !ids.has(i.id))]) };
}

/** merge: overlays fields on items with the same id, appends unknown ones. */
export function mergeItems(state: PlacesState, items: Array<Partial<Place> & { id: string }>): PlacesState {
  const incoming = new Map(items.map((i) => [i.id, i]));
  const merged = state.items.map((it) => {
    const p = incoming.get(it.id);
    if (!p) return it;
    incoming.delete(it.id);
    return { ...it, ...p };
  });
  const fresh = [...incoming.values()].filter(
    (p): p is Place => typeof p.name === 'string' && typeof p.latitude === 'number',
  );
  return { ...state, items: dedupe([...merged, ...fresh]) };
}

/** clear: resets everything. */
export function clearPlaces(): PlacesState {
  return initialPlacesState();
}

/** Normalises one nearby item: distance_km converted to metres when distance_m is missing. */
export function toPlace(raw: Record<string, unknown>): Place | null {
  const lat = Number(raw.latitude ?? raw.lat);
  const lon = Number(raw.longitude ?? raw.lon);
  const id = raw.id == null ? '' : String(raw.id);
  const name = typeof raw.name === 'string' ? raw.name : '';
  if (!id || !name || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const dm = Number(raw.distance_m);
  const dk = Number(raw.distance_km);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const cats = Array.isArray(raw.category_slugs)
    ? raw.category_slugs.map((c) => normalizeCategory(String(c))).filter((c) => c !== 'all')
    : [];
  return {
    id,
    slug: str(raw.slug) ?? id,
    name,
    description: typeof raw.description === 'string' ? raw.description : '',
    cover_image_url: str(raw.cover_image_url),
    img_preview: str(raw.img_preview),
    city: str(raw.city),
    country: str(raw.country),
    country_code: str(raw.country_code),
    latitude: lat,
    longitude: lon,
    rating_avg: Number(raw.rating_avg) || 0,
    ratings_count: Number(raw.ratings_count) || 0,
    distance_m:
      Number.isFinite(dm) && raw.distance_m != null
        ? dm
        : Number.isFinite(dk) && raw.distance_km != null
          ? dk * 1000
          : null,
    category_slugs: cats,
    category_hint: str(raw.category_hint),
    popularity: raw.popularity == null ? null : Number(raw.popularity),
  };
}

export function placeCategory(p: Place): CategoryFilter {
  const c = p.category_slugs[0] ?? normalizeCategory(p.category_hint);
  return c === 'all' ? 'landmark' : (c as CategoryFilter);
}

/** Client-side filter: within the radius of the point and of the selected category; sorted by distance. */
export function visiblePlaces(items: Place[], meta: PlacesMeta): Place[] {
  const geo = meta.geo;
  const out: Place[] = [];
  for (const p of items) {
    const d = geo ? distanceMeters(geo.lat, geo.lon, p.latitude, p.longitude) : p.distance_m;
    if (geo && d != null && d > meta.km * 1000) continue;
    if (meta.selectedType !== 'all') {
      const cats = p.category_slugs.length ? p.category_slugs : [normalizeCategory(p.category_hint)];
      if (!cats.includes(meta.selectedType)) continue;
    }
    // Keep the same object when the distance barely differs, so memoised rows and markers are reused.
    out.push(
      d == null || (p.distance_m != null && Math.abs(d - p.distance_m) < 1) ? p : { ...p, distance_m: d },
    );
  }
  return out.sort((a, b) => (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity));
}
