import { useMemo } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useWriteErrors } from '../../../lib/use-write-errors';
import { roadmapKeys } from '../api/keys';
import {
  useCreateRoadmapItem, useDeleteRoadmapItem, useReorderRoadmap, useRoadmapList, useUpdateRoadmapItem,
} from '../api/roadmap-queries';
import type { RoadmapFields, RoadmapItem } from '../types';
import { groupPublished, roadmapCounts } from '../utils/roadmap-list';

const EMPTY: RoadmapItem[] = [];

/**
 * The roadmap management screen's data (spec point 4): the sorted list, its published groups and counts, a
 * loading flag, one clearable error, initialized after the first good fetch, and the writes (each resolving to
 * its result or null, its message then in `error`; without an access token a write stops before any call).
 */
export function useRoadmapAdmin() {
  const list = useRoadmapList();
  const create = useCreateRoadmapItem();
  const update = useUpdateRoadmapItem();
  const remove = useDeleteRoadmapItem();
  const reorder = useReorderRoadmap();
  const writing = useIsMutating({ mutationKey: roadmapKeys.all }) > 0;
  const { error, clearError, run } = useWriteErrors(list.error, 'Failed to fetch roadmap');
  const items = list.data ?? EMPTY;
  const groups = useMemo(() => groupPublished(items), [items]);
  const counts = useMemo(() => roadmapCounts(items), [items]);

  return {
    items,
    groups,
    counts,
    initialized: list.data !== undefined,
    loading: list.isFetching || writing,
    error,
    clearError,
    createRoadmapItem: (fields: RoadmapFields) => run(() => create.mutateAsync(fields), 'Failed to create roadmap item'),
    updateRoadmapItem: (id: string, fields: Partial<RoadmapFields>) =>
      run(() => update.mutateAsync({ id, fields }), 'Failed to update roadmap item'),
    deleteRoadmapItem: async (id: string) =>
      (await run(async () => (await remove.mutateAsync(id), true), 'Failed to delete roadmap item')) === true,
    /** Saves the order, then the list is re-fetched; false when the save failed (no re-fetch then). */
    reorderRoadmap: async (orderedIds: readonly string[]) =>
      (await run(async () => (await reorder.mutateAsync(orderedIds), true), 'Failed to reorder roadmap items')) === true,
  };
}
