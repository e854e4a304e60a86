import { detailAtom, detailStore } from './detail-store';
import { detailReducer } from './detail-reducer';

/**
 * For the nearby feature's enrichment: updates the open sight's city/country when its id matches. Its own
 * module (not the feature's index) so the map page does not pull in the detail page and its guide player.
 */
export function applyEnrichmentToDetail(r: {
  sight_id: string;
  ok?: boolean;
  city?: string | null;
  country?: string | null;
  country_code?: string | null;
}) {
  if (r.ok === false) return;
  const patch: Record<string, string> = {};
  for (const k of ['city', 'country', 'country_code'] as const) if (r[k]) patch[k] = r[k]!;
  detailStore.set(detailAtom, (s) => detailReducer(s, { type: 'enriched', sightId: r.sight_id, patch }));
}
