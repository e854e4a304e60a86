import { useQuery } from '@tanstack/react-query';
import { getPublicRoadmap } from '@wayfarer/api-client';
import type { RoadmapItem } from '@wayfarer/contracts';

export type { RoadmapItem };
export type RoadmapStatus = RoadmapItem['status'];

/** GET /roadmap: published items; drafts are filtered again here. */
export async function fetchPublishedRoadmap(): Promise<RoadmapItem[]> {
  const res = await getPublicRoadmap();
  const list = Array.isArray(res.roadmap) ? res.roadmap : [];
  return list.filter((r) => r.is_published === true).sort((a, b) => a.position_order - b.position_order);
}

/** Query keys of the public roadmap. */
export const roadmapKeys = { published: ['roadmap', 'published'] as const };

export const usePublishedRoadmap = () => useQuery({ queryKey: roadmapKeys.published, queryFn: fetchPublishedRoadmap });

/** The investor page's words for the API's statuses (spec point 2: done / in progress / planned). */
export const STATUS_LABEL: Record<RoadmapStatus, string> = {
  completed: 'Done',
  in_progress: 'In progress',
  planned: 'Planned',
};
