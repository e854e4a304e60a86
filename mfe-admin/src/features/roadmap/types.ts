export const ROADMAP_STATUSES = ['completed', 'in_progress', 'planned'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

export const STATUS_LABEL: Record<RoadmapStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  planned: 'Planned',
};

/** A roadmap item. The spec fixes id, is_published, status and position_order; the rest is this product's. */
export interface RoadmapItem {
  id: string;
  title: string;
  description: string | null;
  status: RoadmapStatus;
  position_order: number;
  is_published: boolean;
  target_date?: string | null;
  created_at?: string;
}

export type RoadmapFields = Pick<RoadmapItem, 'title' | 'status'> &
  Partial<Pick<RoadmapItem, 'description' | 'is_published' | 'position_order' | 'target_date'>>;
