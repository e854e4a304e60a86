import { clampKm, normalizeCategory, normalizeQuery, SEARCH_KM, type CategoryFilter } from './places-logic';

/** The explore view as it lives in the URL: ?lat&lon&km&type&q. */
export interface ExploreView {
  lat: number;
  lon: number;
  km: number;
  type: CategoryFilter;
  q: string;
}

/** Where the map opens when the URL has no point: central Paris, which the seed covers well. */
export const DEFAULT_CENTER = { lat: 48.8566, lon: 2.3522 };

const coord = (v: string | null, max: number): number | null => {
  if (v == null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

export function parseView(sp: URLSearchParams): ExploreView & { hasPoint: boolean } {
  const lat = coord(sp.get('lat'), 90);
  const lon = coord(sp.get('lon'), 180);
  const hasPoint = lat !== null && lon !== null;
  return {
    lat: hasPoint ? lat : DEFAULT_CENTER.lat,
    lon: hasPoint ? lon : DEFAULT_CENTER.lon,
    km: sp.has('km') ? clampKm(sp.get('km')) : SEARCH_KM,
    type: normalizeCategory(sp.get('type')),
    q: normalizeQuery(sp.get('q') ?? ''),
    hasPoint,
  };
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function viewToSearch(v: ExploreView): string {
  const sp = new URLSearchParams();
  sp.set('lat', String(round(v.lat)));
  sp.set('lon', String(round(v.lon)));
  sp.set('km', String(v.km));
  if (v.type !== 'all') sp.set('type', v.type);
  if (v.q) sp.set('q', v.q);
  return sp.toString();
}
