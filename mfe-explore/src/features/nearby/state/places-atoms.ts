import { atom, createStore } from 'jotai';
import {
  addItems,
  clearPlaces,
  initialPlacesState,
  mergeItems,
  updateItems,
  type Place,
  type PlacesMeta,
  type PlacesState,
} from '../lib/places-logic';

/** The explore remote's own store, so the list and the detail page share one places state. */
export const placesStore = createStore();
export const placesAtom = atom<PlacesState>(initialPlacesState());

/** Enrichment results by sight id; the detail page reads these to update the open sight. */
export interface EnrichedFields {
  city: string | null;
  country: string | null;
  country_code: string | null;
}
export const enrichedSightsAtom = atom<Record<string, EnrichedFields>>({});

const set = (fn: (s: PlacesState) => PlacesState) => placesStore.set(placesAtom, fn);

export const placesActions = {
  add: (items: Place[]) => set((s) => addItems(s, items)),
  update: (items: Place[]) => set((s) => updateItems(s, items)),
  merge: (items: Array<Partial<Place> & { id: string }>) => set((s) => mergeItems(s, items)),
  clear: () => placesStore.set(placesAtom, clearPlaces()),
  setMeta: (patch: Partial<PlacesMeta>) => set((s) => ({ ...s, meta: { ...s.meta, ...patch } })),
  patch: (patch: Partial<Omit<PlacesState, 'meta' | 'items'>>) => set((s) => ({ ...s, ...patch })),
  get: () => placesStore.get(placesAtom),
};

/**
 * Each load takes a ticket; a result is applied only while its ticket is still the newest,
 * so a slow earlier request can never overwrite a newer one. The previous request is aborted too.
 */
let ticket = 0;
let controller: AbortController | null = null;
export function beginRequest(): { id: number; signal: AbortSignal; isCurrent: () => boolean } {
  controller?.abort();
  controller = new AbortController();
  const id = ++ticket;
  return { id, signal: controller.signal, isCurrent: () => id === ticket };
}
