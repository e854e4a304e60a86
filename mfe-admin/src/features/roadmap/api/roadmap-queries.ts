import { useMutation, useQueryClient } from '@wayfarer/query';
import { useAdminList, type AdminListResource } from '../../../lib/use-admin-list';
import type { RoadmapFields, RoadmapItem } from '../types';
import { byPositionOrder, withCreated, withDeleted, withUpdated } from '../utils/roadmap-list';
import {
  createRoadmapItem,
  deleteRoadmapItem,
  getRoadmap,
  reorderRoadmapItems,
  updateRoadmapItem,
} from './roadmap-api';
import { roadmapKeys } from './keys';

/** The admin roadmap (spec point 4): sorted by position_order; created items sorted in, updates re-sorted. */
export const roadmapResource: AdminListResource<RoadmapItem, RoadmapFields> = {
  keys: roadmapKeys,
  list: async () => byPositionOrder(await getRoadmap()),
  create: createRoadmapItem,
  update: updateRoadmapItem,
  remove: deleteRoadmapItem,
  withCreated,
  withUpdated,
  withDeleted,
  fallback: {
    fetch: 'Failed to fetch roadmap',
    create: 'Failed to create roadmap item',
    update: 'Failed to update roadmap item',
    remove: 'Failed to delete roadmap item',
  },
};

export const useRoadmapList = () => useAdminList(roadmapResource);

/** Spec point 4: a successful reorder re-fetches the roadmap (the mutation settles after the re-fetch). */
export function useReorderRoadmap() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: roadmapKeys.all,
    mutationFn: reorderRoadmapItems,
    onSuccess: () => qc.invalidateQueries({ queryKey: roadmapKeys.list() }),
  });
}
