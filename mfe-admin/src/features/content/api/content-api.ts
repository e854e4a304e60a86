import {
  getAdminSight,
  mergeAdminSights,
  saveAdminStations,
  searchAdminSights,
  setAdminSightHidden,
  updateAdminSight,
} from '@wayfarer/api-client';
import type { AdminMergeResponse, AdminSight, AdminSightPatch, AdminStation } from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';

export type { AdminSight, AdminSightPatch, AdminStation };
export const CATEGORIES = ['landmark', 'museum', 'scenery', 'historic'] as const;
/** A station being edited: no id until the server has stored it; no location is null in both coordinates. */
export interface StationDraft {
  id?: string;
  title: string;
  text: string;
  latitude: number | null;
  longitude: number | null;
}

export async function searchSights(q: string, page = 1): Promise<{ items: AdminSight[]; total: number }> {
  const r = await withAdminToken((t) => searchAdminSights({ q, page, pageSize: 25 }, t));
  return { items: r.items, total: r.total };
}

export async function getSightForEdit(id: string): Promise<{ sight: AdminSight; stations: AdminStation[] }> {
  const r = await withAdminToken((t) => getAdminSight(id, t));
  return { sight: r.sight, stations: r.stations };
}

export const updateSight = async (id: string, patch: AdminSightPatch): Promise<AdminSight> =>
  (await withAdminToken((t) => updateAdminSight(id, patch, t))).sight;
export const setSightHidden = async (id: string, hidden: boolean): Promise<AdminSight> =>
  (await withAdminToken((t) => setAdminSightHidden(id, hidden, t))).sight;

/** Saves the whole ordered station list (order = array order); answers the stored list with ids. */
export async function saveStations(id: string, stations: StationDraft[]): Promise<AdminStation[]> {
  const body = {
    stations: stations.map((st) => ({
      ...(st.id ? { id: st.id } : {}),
      title: st.title.trim(),
      text: st.text.trim(),
      // Always sent: null clears a location the editor removed (left out, the server would keep it).
      latitude: st.latitude,
      longitude: st.longitude,
    })),
  };
  return (await withAdminToken((t) => saveAdminStations(id, body, t))).stations;
}

export async function mergeSights(keepId: string, mergeIds: string[]): Promise<AdminMergeResponse> {
  return withAdminToken((t) => mergeAdminSights({ keep_id: keepId, merge_ids: mergeIds }, t));
}
