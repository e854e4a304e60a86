import {
  createAdminRoadmapItem,
  deleteAdminRoadmapItem,
  getAdminRoadmap,
  reorderAdminRoadmap,
  updateAdminRoadmapItem,
} from '@wayfarer/api-client';
import { withAdminToken } from '../../../lib/admin-request';
import type { RoadmapFields, RoadmapItem } from '../types';

export const getRoadmap = async (): Promise<RoadmapItem[]> => (await withAdminToken(getAdminRoadmap)).roadmap;
export const createRoadmapItem = async (fields: RoadmapFields): Promise<RoadmapItem> =>
  (await withAdminToken((t) => createAdminRoadmapItem(fields, t))).roadmapItem;
export const updateRoadmapItem = async (id: string, fields: Partial<RoadmapFields>): Promise<RoadmapItem> =>
  (await withAdminToken((t) => updateAdminRoadmapItem(id, fields, t))).roadmapItem;
export const deleteRoadmapItem = async (id: string): Promise<void> =>
  void (await withAdminToken((t) => deleteAdminRoadmapItem(id, t)));
/** PUT /admin/roadmap/reorder with the ordered list; position_order follows the list index. */
export const reorderRoadmapItems = async (orderedIds: readonly string[]): Promise<void> =>
  void (await withAdminToken((t) => reorderAdminRoadmap(orderedIds, t)));
