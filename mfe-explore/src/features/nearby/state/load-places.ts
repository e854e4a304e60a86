import { enrichBatch, enrichOne, fetchNearby, ingestSights } from '../api/places-api';
import { fetchMapDataFallback } from '../api/map-data-fallback';
import { enrichMissing, itemsToEnrich } from '../lib/enrichment';
import { KM_MAX, type CategoryFilter, type Place } from '../lib/places-logic';
import { beginRequest, enrichedSightsAtom, placesActions, placesStore } from './places-atoms';

// Shared with the bench: when the first nearby response arrived.
export const NEARBY_RECEIVED_MARK = 'explore:nearby-received';
export const INGEST_DELAY_MS = 300;
export const LOAD_ERROR = 'Failed to load sights';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
  });

export interface LoadParams {
  lat: number;
  lon: number;
  km: number;
  type: CategoryFilter;
  query?: string;
}

async function fallback(p: LoadParams): Promise<Place[] | null> {
  try {
    return await fetchMapDataFallback(p);
  } catch {
    return null;
  }
}

function startEnrichment(items: Place[], isCurrent: () => boolean) {
  const todo = itemsToEnrich(items);
  void enrichMissing(todo, { batch: enrichBatch, single: enrichOne }, (r) => {
    const fields = { city: r.city ?? null, country: r.country ?? null, country_code: r.country_code ?? null };
    placesStore.set(enrichedSightsAtom, (m) => ({ ...m, [r.sight_id]: fields }));
    if (!isCurrent()) return;
    const patch: Partial<Place> & { id: string } = { id: r.sight_id };
    if (fields.city) patch.city = fields.city;
    if (fields.country) patch.country = fields.country;
    if (fields.country_code) patch.country_code = fields.country_code;
    // merge only overlays known ids here: the item is already in the list.
    if (placesActions.get().items.some((i) => i.id === r.sight_id)) placesActions.merge([patch]);
  });
}

/**
 * Two-phase load: server results first, then a background ingest (widened to 20 km), a 300 ms pause,
 * a re-fetch and a merge of new items. Superseded loads are aborted and their results ignored.
 */
export async function loadPlaces(p: LoadParams): Promise<void> {
  const req = beginRequest();
  placesActions.setMeta({ geo: { lat: p.lat, lon: p.lon }, km: p.km, selectedType: p.type, query: p.query ?? '' });
  placesActions.patch({ loading: true, updating: false, error: null });

  let server: Place[] | null = null;
  try {
    server = await fetchNearby(p, req.signal);
  } catch {
    server = null;
  }
  if (!req.isCurrent()) return;
  if (server) {
    performance.clearMarks(NEARBY_RECEIVED_MARK);
    performance.mark(NEARBY_RECEIVED_MARK);
  }

  let items = server ?? [];
  if (!server || server.length === 0) {
    const fb = await fallback(p);
    if (!req.isCurrent()) return;
    if (fb && fb.length) items = fb;
    else if (!server) {
      placesActions.patch({ loading: false, error: LOAD_ERROR, initialized: true });
      placesActions.add([]);
      return;
    }
  }
  placesActions.add(items);
  placesActions.setMeta({ maxFetchedKm: Math.max(p.km, 0) });
  placesActions.patch({ loading: false, initialized: true, error: null });
  startEnrichment(items, req.isCurrent);

  if (!server) return;
  // Phase 2: quiet background ingest, then merge what it added.
  placesActions.patch({ updating: true });
  const ingestKm = p.km < KM_MAX ? KM_MAX : p.km;
  try {
    const r = await ingestSights({ ...p, km: ingestKm, kmPrev: placesActions.get().meta.maxFetchedKm }, req.signal);
    if (r && r.ok === false) throw new Error(r.error ?? 'ingest failed');
    await sleep(INGEST_DELAY_MS, req.signal);
    if (!req.isCurrent()) return;
    const again = await fetchNearby(p, req.signal);
    if (!req.isCurrent()) return;
    const known = new Set(placesActions.get().items.map((i) => i.id));
    const fresh = again.filter((i) => !known.has(i.id));
    placesActions.update(fresh);
    placesActions.setMeta({ maxFetchedKm: Math.max(placesActions.get().meta.maxFetchedKm, ingestKm) });
    startEnrichment(fresh, req.isCurrent);
  } catch {
    // 'ingest failed' is not shown: the first-phase results stay.
  } finally {
    if (req.isCurrent()) placesActions.patch({ updating: false });
  }
}
