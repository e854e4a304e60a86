import {
  enrichSight,
  enrichSightsBatch,
  geocode,
  getNearbySights,
  ingestSights,
  request,
  qs,
} from '@wayfarer/api-client';
import type { EnrichResult } from '@wayfarer/contracts';
import { getAccessToken } from '@wayfarer/session';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { toPlace, type CategoryFilter, type Place } from '../utils/places-logic';

export type { EnrichResult };

const tokenOrNull = () => getAccessToken().catch(() => null);

/** GET /sights/nearby, each item as a list place. */
export async function fetchNearby(
  p: { lat: number; lon: number; km: number; type: CategoryFilter },
  signal?: AbortSignal,
): Promise<Place[]> {
  const body = await getNearbySights(
    { lat: p.lat, lon: p.lon, km: p.km, categories: p.type === 'all' ? undefined : p.type },
    signal,
  );
  const items: unknown[] = Array.isArray(body.items) ? body.items : [];
  return items.map((r) => toPlace(r as Record<string, unknown>)).filter((x): x is Place => x !== null);
}

/** Background ingest (spec point 7); callers treat a failure as 'ingest failed'. */
export async function ingestAround(
  p: { lat: number; lon: number; km: number; kmPrev: number; type: CategoryFilter },
  signal?: AbortSignal,
) {
  const body = {
    lat: p.lat,
    lon: p.lon,
    km: p.km,
    km_prev: p.kmPrev,
    source: 'explore',
    publish: true,
    categories: p.type === 'all' ? [] : [p.type],
  };
  return ingestSights(body, await tokenOrNull(), signal);
}

export async function enrichBatch(
  items: Array<{ sight_id: string; lat: number; lon: number }>,
): Promise<EnrichResult[]> {
  const r = await enrichSightsBatch(items, await tokenOrNull());
  return Array.isArray(r) ? r : [];
}

export async function enrichOne(item: { sight_id: string; lat: number; lon: number }): Promise<EnrichResult> {
  return enrichSight(
    { sight_id: item.sight_id, force: false, max_images: 0, lat: item.lat, lon: item.lon },
    await tokenOrNull(),
  );
}

/** Place-name search through the API's geocoder, then the configured public one; null means 'No results'. */
export async function geocodePlace(q: string): Promise<{ lat: number; lon: number; name: string } | null> {
  const pick = (body: unknown) => {
    const list = Array.isArray(body) ? body : [];
    for (const r of list as Array<Record<string, unknown>>) {
      const lat = Number(r.lat);
      const lon = Number(r.lon);
      if (Number.isFinite(lat) && Number.isFinite(lon) && r.lat !== '' && r.lon !== '') {
        return { lat, lon, name: typeof r.display_name === 'string' ? r.display_name : q };
      }
    }
    return null;
  };
  try {
    return pick(await geocode(q, 1));
  } catch (e) {
    // A public Nominatim-compatible geocoder (not the product API), when one is configured.
    const url = readRuntimeConfig().geocodeUrl;
    if (!url) throw e;
    return pick(
      await request(`${url.replace(/\/+$/, '')}?${qs({ format: 'json', limit: 1, q })}`, {
        timeoutMs: 20_000,
      }),
    );
  }
}
