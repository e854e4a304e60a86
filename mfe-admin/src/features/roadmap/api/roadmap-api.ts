import { adminRequest } from '../../../lib/admin-request';
import type { RoadmapFields, RoadmapItem } from '../types';

interface ListResponse { ok?: boolean; roadmap?: RoadmapItem[] }
interface OneResponse { ok?: boolean; roadmapItem?: RoadmapItem; message?: string }

export async function getAdminRoadmap(): Promise<RoadmapItem[]> {
  const res = await adminRequest<ListResponse>('/admin/roadmap');
  return Array.isArray(res.roadmap) ? res.roadmap : [];
}

export async function createRoadmapItem(fields: RoadmapFields): Promise<RoadmapItem> {
  const res = await adminRequest<OneResponse>('/admin/roadmap', { method: 'POST', json: fields });
  if (!res.roadmapItem) throw new Error(res.message || 'Failed to create roadmap item');
  return res.roadmapItem;
}

export async function updateRoadmapItem(id: string, fields: Partial<RoadmapFields>): Promise<RoadmapItem> {
  const res = await adminRequest<OneResponse>(`/admin/roadmap/${encodeURIComponent(id)}`, { method: 'PUT', json: fields });
  if (!res.roadmapItem) throw new Error(res.message || 'Failed to update roadmap item');
  return res.roadmapItem;
}

export async function deleteRoadmapItem(id: string): Promise<void> {
  await adminRequest(`/admin/roadmap/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** PUT /admin/roadmap/reorder with the ordered list; position_order follows the list index. */
export async function reorderRoadmapItems(orderedIds: readonly string[]): Promise<void> {
  const items = orderedIds.map((id, i) => ({ id, position_order: i + 1 }));
  await adminRequest('/admin/roadmap/reorder', { method: 'PUT', json: { items } });
}

export const roadmapApi = {
  list: getAdminRoadmap,
  create: createRoadmapItem,
  update: updateRoadmapItem,
  remove: deleteRoadmapItem,
  reorder: reorderRoadmapItems,
};
export type RoadmapApi = typeof roadmapApi;
