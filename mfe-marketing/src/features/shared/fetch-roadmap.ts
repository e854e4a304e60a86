import { request } from '@wayfarer/api-client';

export type RoadmapStatus = 'completed' | 'in_progress' | 'planned';
export interface RoadmapItem {
  id: string;
  title: string;
  description?: string | null;
  status: RoadmapStatus;
  position_order: number;
  is_published: boolean;
}

/** GET /roadmap: published items; drafts are filtered again here. */
export async function fetchPublishedRoadmap(): Promise<RoadmapItem[]> {
  const res = await request<{ ok?: boolean; roadmap?: RoadmapItem[] }>('/roadmap');
  const list = Array.isArray(res.roadmap) ? res.roadmap : [];
  return list.filter((r) => r.is_published === true).sort((a, b) => a.position_order - b.position_order);
}

export const STATUS_LABEL: Record<RoadmapStatus, string> = {
  completed: 'Done',
  in_progress: 'In progress',
  planned: 'Planned',
};
