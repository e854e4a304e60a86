import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, type keepPreviousData } from '@wayfarer/query';
import { NEARBY_RECEIVED_MARK } from '../../../lib/perf-marks';
import { dedupe, KM_MAX, type Place } from '../utils/places-logic';
import { fetchMapDataFallback } from './map-data-api';
import { placeKeys, type NearbyParams } from './keys';
import { fetchNearby, ingestAround } from './places-api';

export const INGEST_DELAY_MS = 300;
export const LOAD_ERROR = 'Failed to load sights';

/** One nearby answer: its places, the radius they cover, and whether the API gave them (not the map-data fallback). */
export interface NearbyAnswer {
  items: Place[];
  km: number;
  fromServer: boolean;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

async function fallback(p: NearbyParams): Promise<Place[] | null> {
  try {
    return await fetchMapDataFallback(p);
  } catch {
    return null;
  }
}

/**
 * Phase 1 of a load (spec point 4 'Places'): the API's nearby sights; when it fails or has none, the map-data
 * fallback. Fails with LOAD_ERROR only when the API failed and the fallback had nothing.
 */
async function loadNearby(p: NearbyParams, signal: AbortSignal): Promise<NearbyAnswer> {
  let server: Place[] | null = null;
  try {
    server = await fetchNearby(p, signal);
    performance.clearMarks(NEARBY_RECEIVED_MARK);
    performance.mark(NEARBY_RECEIVED_MARK);
  } catch {
    server = null;
  }
  let items = server ?? [];
  if (!server || server.length === 0) {
    const fb = signal.aborted ? null : await fallback(p);
    if (fb && fb.length) items = fb;
    else if (!server) throw new Error(LOAD_ERROR);
  }
  return { items: dedupe(items), km: Math.max(p.km, 0), fromServer: server !== null };
}

/**
 * How long a nearby answer counts as fresh: the page's first answer, read with its code (prefetchExploreData), is
 * not read a second time when the page mounts a moment later. Other reads of the view still happen at each mount.
 */
export const NEARBY_FRESH_MS = 10_000;

/** The read of the sights around a view's point, shared by the page's query and its prefetch. */
export const nearbyAnswerQuery = (p: NearbyParams) =>
  queryOptions({
    queryKey: placeKeys.nearby(p),
    queryFn: ({ signal }) => loadNearby(p, signal),
    staleTime: NEARBY_FRESH_MS,
  });

/** The sights around the view's point; superseded loads are cancelled and their answers dropped (query keys). */
export function useNearbyAnswer(p: NearbyParams, placeholderData?: typeof keepPreviousData) {
  return useQuery({ ...nearbyAnswerQuery(p), placeholderData });
}

/** The background ingest (POST /sights/ingest, a write): the stored sights widened to 20 km around the point. */
export function useIngestAround() {
  return useMutation({
    mutationKey: placeKeys.ingestWrite(),
    mutationFn: ({ p, kmPrev, signal }: { p: NearbyParams; kmPrev: number; signal: AbortSignal }) =>
      ingestAround({ ...p, km: p.km < KM_MAX ? KM_MAX : p.km, kmPrev }, signal),
  });
}

/**
 * Phase 2, after an answer from the API: a quiet background ingest, a 300 ms pause and the nearby sights read
 * again; the list adds the ones it did not have. A failed ingest is not shown ('ingest failed'); a newer answer (or
 * another view) cancels it.
 */
export function useIngestedPlaces(p: NearbyParams, first: NearbyAnswer | undefined, answeredAt: number) {
  const ingest = useIngestAround();
  const { mutateAsync } = ingest;
  /** The answer whose ingest is done (and the pause after it), so its re-read may start. */
  const [ingested, setIngested] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const fromServer = Boolean(first?.fromServer);
  const kmPrev = first?.km ?? 0;
  const { lat, lon, km, type } = p;

  useEffect(() => {
    if (!fromServer) return;
    const ctrl = new AbortController();
    setBusy(true);
    mutateAsync({ p: { lat, lon, km, type }, kmPrev, signal: ctrl.signal })
      .then(() => sleep(INGEST_DELAY_MS, ctrl.signal))
      .then(
        () => !ctrl.signal.aborted && setIngested(answeredAt),
        () => !ctrl.signal.aborted && setBusy(false),
      );
    return () => ctrl.abort();
  }, [answeredAt, fromServer, kmPrev, lat, lon, km, type, mutateAsync]);

  const again = useQuery({
    queryKey: placeKeys.ingest(p, answeredAt),
    enabled: ingested === answeredAt,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<NearbyAnswer> => ({
      items: await fetchNearby(p, signal),
      km: p.km < KM_MAX ? KM_MAX : p.km,
      fromServer: true,
    }),
  });
  const done = ingested === answeredAt && !again.isFetching;
  return { data: ingested === answeredAt ? again.data : undefined, isFetching: fromServer && busy && !done };
}
