import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQueryClient } from '@wayfarer/query';
import { applySightEnrichment } from '../../../lib/sight-cache';
import { enrichBatch, enrichOne } from '../api/places-api';
import { LOAD_ERROR, useIngestedPlaces, useNearbyAnswer } from '../api/nearby-queries';
import { placeKeys, type NearbyParams } from '../api/keys';
import { enrichMissing, itemsToEnrich } from '../utils/enrichment';
import { initialPlacesState, updateItems, type Place } from '../utils/places-logic';

type Enriched = Record<string, Partial<Pick<Place, 'city' | 'country' | 'country_code'>>>;

/**
 * Background enrichment of places missing their city or country (spec point 4 'Places'): the results fill in the
 * list (while these places are still the ones loaded) and the open sight's detail.
 */
function useEnrichment(items: Place[] | undefined, onResult: (id: string, patch: Enriched[string]) => void) {
  const client = useQueryClient();
  // POST /sights/enrich/batch and /sights/enrich are writes (the sight's place is stored): mutations.
  const { mutateAsync: batch } = useMutation({ mutationKey: placeKeys.enrich(), mutationFn: enrichBatch });
  const { mutateAsync: single } = useMutation({ mutationKey: placeKeys.enrich(), mutationFn: enrichOne });
  useEffect(() => {
    if (!items?.length) return;
    let live = true;
    void enrichMissing(itemsToEnrich(items), { batch, single }, (r) => {
      applySightEnrichment(client, { ...r, ok: true });
      const patch: Enriched[string] = {};
      for (const k of ['city', 'country', 'country_code'] as const) if (r[k]) patch[k] = r[k];
      if (live) onResult(r.sight_id, patch);
    });
    return () => {
      live = false;
    };
    // onResult is a state setter's wrapper, stable in effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, client, batch, single]);
}

/**
 * The places of the view: the nearby answer, then the sights the background ingest added, with their enrichment.
 * While a new view loads, the previous places stay on the map (the list shows it is loading).
 */
export function useNearbyPlaces(p: NearbyParams) {
  const first = useNearbyAnswer(p, keepPreviousData);
  const current = first.isPlaceholderData ? undefined : first.data;
  const more = useIngestedPlaces(p, current, first.dataUpdatedAt);
  const [enriched, setEnriched] = useState<Enriched>({});
  const onEnriched = (id: string, patch: Enriched[string]) =>
    setEnriched((m) => ({ ...m, [id]: { ...m[id], ...patch } }));

  const fresh = useMemo(() => {
    if (!current || !more.data) return undefined;
    const known = new Set(current.items.map((i) => i.id));
    return more.data.items.filter((i) => !known.has(i.id));
  }, [current, more.data]);
  useEnrichment(current?.items, onEnriched);
  useEnrichment(fresh, onEnriched);

  const items = useMemo(() => {
    const base = first.data?.items ?? [];
    const all = fresh?.length ? updateItems({ ...initialPlacesState(), items: base }, fresh).items : base;
    return all.map((i) => (enriched[i.id] ? { ...i, ...enriched[i.id] } : i));
  }, [first.data, fresh, enriched]);

  const failed = first.isError && !first.isFetching;
  return {
    items,
    loading: first.isPlaceholderData || (first.isFetching && !first.isSuccess),
    updating: more.isFetching,
    error: failed ? LOAD_ERROR : null,
    initialized: first.isSuccess || failed,
    reload: () => void first.refetch(),
  };
}
