import type { CategoryFilter } from '../utils/places-logic';

export interface NearbyParams {
  lat: number;
  lon: number;
  km: number;
  type: CategoryFilter;
}

/** Query keys of the nearby feature. */
export const placeKeys = {
  all: ['places'] as const,
  /** The sights around a point (GET /sights/nearby, or the map-data fallback). */
  nearby: (p: NearbyParams) => [...placeKeys.all, 'nearby', p.lat, p.lon, p.km, p.type] as const,
  /** The nearby sights read again after a background ingest (one per answer: `answeredAt`). */
  ingest: (p: NearbyParams, answeredAt: number) => [...placeKeys.nearby(p), 'ingest', answeredAt] as const,
  /** The background ingest itself (POST /sights/ingest). */
  ingestWrite: () => [...placeKeys.all, 'ingest'] as const,
  /** Sights and places by name (GET /search), near the map's centre rounded to about a kilometre. */
  search: (q: string, lat: number, lon: number) => [...placeKeys.all, 'search', q, lat, lon] as const,
  /** The enrichment of places missing their city or country (POST /sights/enrich/batch, /sights/enrich). */
  enrich: () => [...placeKeys.all, 'enrich'] as const,
};
