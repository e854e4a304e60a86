import { request, qs } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { toPlace, type CategoryFilter, type Place } from '../lib/places-logic';

const tokenOrNull = async () => {
  try {
    return await getAccessToken();
  } catch {
    return null;
  }
};

export async function fetchNearby(
  p: { lat: number; lon: number; km: number; type: CategoryFilter },
  signal?: AbortSignal,
): Promise<Place[]> {
  const query = qs({ lat: p.lat, lon: p.lon, km: p.km, categories: p.type === 'all' ? undefined : p.type });
  const body = await request<{ items?: unknown[] }>(`/sights/nearby?${query}`, { timeoutMs: 20_000, signal });
  const items = Array.isArray(body.items) ? body.items : [];
  return items.map((r) => toPlace(r as Record<string, unknown>)).filter((x): x is Place => x !== null);
}

/** Background ingest (spec point 7); the product API may not offer it, callers treat failure as 'ingest failed'. */
export async function ingestSights(p: { lat: number; lon: number; km: number; kmPrev: number; type: CategoryFilter }, signal?: AbortSignal) {
  const token = await tokenOrNull();
  return request<{ ok?: boolean; error?: string }>('/sights/ingest', {
    method: 'POST',
    token,
    timeoutMs: 60_000,
    signal,
    json: {
      lat: p.lat,
      lon: p.lon,
      km: p.km,
      km_prev: p.kmPrev,
      source: 'explore',
      publish: true,
      categories: p.type === 'all' ? [] : [p.type],
    },
  });
}

export interface EnrichResult {
  sight_id: string;
  ok?: boolean;
  city?: string | null;
  country?: string | null;
  country_code?: string | null;
}

export async function enrichBatch(items: Array<{ sight_id: string; lat: number; lon: number }>): Promise<EnrichResult[]> {
  const token = await tokenOrNull();
  const json = { items };
  try {
    const r = await request<unknown>('/sights/enrich/batch', { method: 'POST', token, json, timeoutMs: 25_000 });
    return Array.isArray(r) ? (r as EnrichResult[]) : [];
  } catch {
    const r = await request<unknown>('/sights/enrich-batch', { method: 'POST', token, json, timeoutMs: 25_000 });
    return Array.isArray(r) ? (r as EnrichResult[]) : [];
  }
}

export async function enrichOne(item: { sight_id: string; lat: number; lon: number }): Promise<EnrichResult> {
  const token = await tokenOrNull();
  return request<EnrichResult>('/sights/enrich', {
    method: 'POST',
    token,
    timeoutMs: 20_000,
    json: { sight_id: item.sight_id, force: false, max_images: 0, lat: item.lat, lon: item.lon },
  });
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
  const query = qs({ format: 'json', limit: 1, q });
  try {
    return pick(await request(`/geocode?${query}`, { timeoutMs: 20_000 }));
  } catch (e) {
    const url = readRuntimeConfig().geocodeUrl;
    if (!url) throw e;
    return pick(await request(`${url.replace(/\/+$/, '')}?${query}`, { timeoutMs: 20_000 }));
  }
}
