import { useMutation, useQuery, useQueryClient, type QueryClient } from '@wayfarer/query';
import type { AdminSight, AdminSightPatch } from '@wayfarer/contracts';
import { invalidateDashboardStats } from '../../../lib/dashboard-keys';
import {
  getSightForEdit,
  mergeSights,
  saveStations,
  searchSights,
  setSightHidden,
  updateSight,
  type StationDraft,
} from './content-api';
import { contentKeys } from './keys';

type SearchResult = Awaited<ReturnType<typeof searchSights>>;
type SightForEdit = Awaited<ReturnType<typeof getSightForEdit>>;

/** The sights matching `term` (null: nothing searched yet, no call). */
export const useSightSearch = (term: string | null) =>
  useQuery({
    queryKey: contentKeys.search(term ?? ''),
    queryFn: () => searchSights(term ?? ''),
    enabled: term !== null,
  });

/** One sight and its stations, for the editor. */
export const useSightForEdit = (id: string) =>
  useQuery({ queryKey: contentKeys.sight(id), queryFn: () => getSightForEdit(id) });

/** A changed sight replaces its old copy in the editor's query and in every search result list. */
function putSight(qc: QueryClient, s: AdminSight) {
  qc.setQueryData<SightForEdit>(contentKeys.sight(s.id), (old) => (old ? { ...old, sight: s } : old));
  qc.setQueriesData<SearchResult>({ queryKey: contentKeys.searches() }, (r) =>
    r ? { ...r, items: r.items.map((x) => (x.id === s.id ? s : x)) } : r,
  );
}

export function useUpdateSight() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminSightPatch }) => updateSight(id, patch),
    onSuccess: (s) => putSight(qc, s),
  });
}

/** Hiding or showing a sight changes what travellers see, and the dashboard's counts. */
export function useSetSightHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setSightHidden(id, hidden),
    onSuccess: (s) => {
      putSight(qc, s);
      void invalidateDashboardStats(qc);
    },
  });
}

export function useSaveStations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stations }: { id: string; stations: StationDraft[] }) => saveStations(id, stations),
    onSuccess: (stations, { id }) =>
      qc.setQueryData<SightForEdit>(contentKeys.sight(id), (old) => (old ? { ...old, stations } : old)),
  });
}

/** Merged sights leave every result list, the kept one is re-read (it gained comments, photos and stations). */
export function useMergeSights() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ keepId, mergeIds }: { keepId: string; mergeIds: string[] }) =>
      mergeSights(keepId, mergeIds),
    onSuccess: (r) => {
      const gone = new Set(r.merged);
      qc.setQueriesData<SearchResult>({ queryKey: contentKeys.searches() }, (old) =>
        old
          ? {
              ...old,
              items: old.items.filter((x) => !gone.has(x.id)).map((x) => (x.id === r.sight.id ? r.sight : x)),
            }
          : old,
      );
      for (const id of r.merged) qc.removeQueries({ queryKey: contentKeys.sight(id) });
      // Back to loading: the open editor starts again from the stored sight and its stations.
      void qc.resetQueries({ queryKey: contentKeys.sight(r.sight.id) });
      void invalidateDashboardStats(qc);
    },
  });
}
