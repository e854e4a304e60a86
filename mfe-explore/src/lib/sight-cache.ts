import type { QueryClient } from '@wayfarer/query';
import type { SightDetailResponse } from '@wayfarer/contracts';

/**
 * The sight detail in the page's server-data cache, shared by the features that change it (comments update its
 * rating, photos leave its gallery, the list's enrichment fills in its place) without importing each other.
 */
export type SightDetail = SightDetailResponse['sight'];
export type SightImage = SightDetail['images'][number];

/** Query keys of the sight detail (GET /sights/detail/:id), by the id asked for. */
export const sightKeys = {
  all: ['sights'] as const,
  details: () => [...sightKeys.all, 'detail'] as const,
  detail: (id: string) => [...sightKeys.details(), id] as const,
};

/** New average after adding a rating (and optionally removing a previous one). */
export function applyRating(
  avg: number | null | undefined,
  count: number | null | undefined,
  add: number | null,
  remove: number | null = null,
): { rating_avg: number; ratings_count: number } {
  let n = count ?? 0;
  let sum = (avg ?? 0) * n;
  if (remove != null && n > 0) {
    sum -= remove;
    n -= 1;
  }
  if (add != null) {
    sum += add;
    n += 1;
  }
  return { rating_avg: n > 0 ? Math.round((sum / n) * 100) / 100 : 0, ratings_count: n };
}

/** Changes every cached detail of the sight `sightId` (asked for by its own id or by one merged into it). */
export function patchSightDetail(
  client: QueryClient,
  sightId: string,
  update: (s: SightDetail) => SightDetail,
): void {
  client.setQueriesData<SightDetailResponse>({ queryKey: sightKeys.details() }, (d) =>
    d && d.sight.id === sightId ? { ...d, sight: update(d.sight) } : d,
  );
}

/** A comment's rating was added, changed or removed: the sight's average and count follow, locally (spec point 4). */
export function updateSightRating(
  client: QueryClient,
  sightId: string,
  add: number | null,
  remove: number | null,
): void {
  patchSightDetail(client, sightId, (s) => ({
    ...s,
    ...applyRating(s.rating_avg, s.ratings_count, add, remove),
  }));
}

/** A deleted photo leaves the sight's gallery at once. */
export function removeSightImage(client: QueryClient, sightId: string, imageId: string): void {
  patchSightDetail(client, sightId, (s) =>
    s.images.some((i) => i.id === imageId) ? { ...s, images: s.images.filter((i) => i.id !== imageId) } : s,
  );
}

/** The list's background enrichment found the sight's place: the open detail shows it (empty fields are not applied). */
export function applySightEnrichment(
  client: QueryClient,
  r: {
    sight_id: string;
    ok?: boolean;
    city?: string | null;
    country?: string | null;
    country_code?: string | null;
  },
): void {
  if (r.ok === false) return;
  const patch: Partial<Pick<SightDetail, 'city' | 'country' | 'country_code'>> = {};
  for (const k of ['city', 'country', 'country_code'] as const) if (r[k]) patch[k] = r[k];
  if (Object.keys(patch).length) patchSightDetail(client, r.sight_id, (s) => ({ ...s, ...patch }));
}
