import type { AdminStation, StationDraft } from '../api/content-api';
import type { LocationFields } from '../utils/station-location';

/** A station row: the coordinates as typed, and whether its location fields are shown (always when it has one). */
export type KeyedStation = Omit<StationDraft, 'latitude' | 'longitude'> &
  LocationFields & { key: string; locationOpen: boolean };
let keySeq = 0;
const coord = (n: number | null | undefined) => (n == null ? '' : String(n));
export const keyed = (st: StationDraft): KeyedStation => ({
  id: st.id,
  title: st.title,
  text: st.text,
  latitude: coord(st.latitude),
  longitude: coord(st.longitude),
  locationOpen: st.latitude != null || st.longitude != null,
  key: st.id ?? `new-${++keySeq}`,
});
export const fromServer = (list: AdminStation[]) =>
  list.map((st) =>
    keyed({
      id: st.id,
      title: st.title,
      text: st.text,
      latitude: st.latitude ?? null,
      longitude: st.longitude ?? null,
    }),
  );
