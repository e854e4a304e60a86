import { getPublicRoadmap } from '@wayfarer/api-client';
import type { RoadmapItem } from '@wayfarer/contracts';

/** GET /roadmap: published items; drafts are filtered again here, sorted by position_order. */
export async function fetchPublishedRoadmap(): Promise<RoadmapItem[]> {
  const res = await getPublicRoadmap();
  const list = Array.isArray(res.roadmap) ? res.roadmap : [];
  return list.filter((r) => r.is_published === true).sort((a, b) => a.position_order - b.position_order);
}
