import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoadmapFields, RoadmapItem } from '../types';
import { byPositionOrder, withCreated, withDeleted, withUpdated } from '../utils/roadmap-list';
import { roadmapApi } from './roadmap-api';
import { roadmapKeys } from './keys';

/** The roadmap, sorted by position_order. */
export const useRoadmapList = () =>
  useQuery({ queryKey: roadmapKeys.list(), queryFn: async () => byPositionOrder(await roadmapApi.list()) });

function useRoadmapCacheUpdate() {
  const qc = useQueryClient();
  return (update: (items: RoadmapItem[]) => RoadmapItem[]) =>
    qc.setQueryData<RoadmapItem[]>(roadmapKeys.list(), (old) => update(old ?? []));
}

export function useCreateRoadmapItem() {
  const update = useRoadmapCacheUpdate();
  return useMutation({
    mutationKey: roadmapKeys.all,
    mutationFn: (fields: RoadmapFields) => roadmapApi.create(fields),
    onSuccess: (item) => update((items) => withCreated(items, item)),
  });
}

export function useUpdateRoadmapItem() {
  const update = useRoadmapCacheUpdate();
  return useMutation({
    mutationKey: roadmapKeys.all,
    mutationFn: ({ id, fields }: { id: string; fields: Partial<RoadmapFields> }) => roadmapApi.update(id, fields),
    onSuccess: (item) => update((items) => withUpdated(items, item)),
  });
}

export function useDeleteRoadmapItem() {
  const update = useRoadmapCacheUpdate();
  return useMutation({
    mutationKey: roadmapKeys.all,
    mutationFn: (id: string) => roadmapApi.remove(id),
    onSuccess: (_void, id) => update((items) => withDeleted(items, id)),
  });
}

/** Spec point 4: a successful reorder re-fetches the roadmap (the mutation settles after the re-fetch). */
export function useReorderRoadmap() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: roadmapKeys.all,
    mutationFn: (orderedIds: readonly string[]) => roadmapApi.reorder(orderedIds),
    onSuccess: () => qc.invalidateQueries({ queryKey: roadmapKeys.list() }),
  });
}
