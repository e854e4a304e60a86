import { useMemo } from 'react';
import { useReorderRoadmap, useRoadmapList } from '../api/roadmap-queries';
import { groupPublished, roadmapCounts } from '../utils/roadmap-list';

/**
 * The roadmap management screen's data (spec point 4): the sorted list, its published groups and counts, a
 * loading flag, one clearable error, initialized after the first good fetch, and the writes (each resolving to
 * its result, or null / false with its message in `error`; without an access token a write stops before any call).
 */
export function useRoadmapAdmin() {
  const list = useRoadmapList();
  const reorder = useReorderRoadmap();
  const groups = useMemo(() => groupPublished(list.items), [list.items]);
  const counts = useMemo(() => roadmapCounts(list.items), [list.items]);
  return {
    items: list.items,
    groups,
    counts,
    initialized: list.initialized,
    loading: list.loading,
    error: list.error,
    clearError: list.clearError,
    createRoadmapItem: list.create,
    updateRoadmapItem: list.update,
    deleteRoadmapItem: list.remove,
    /** Saves the order, then the list is re-fetched; false when the save failed (no re-fetch then). */
    reorderRoadmap: async (orderedIds: readonly string[]) =>
      (await list.run(
        async () => (await reorder.mutateAsync(orderedIds), true),
        'Failed to reorder roadmap items',
      )) === true,
  };
}
