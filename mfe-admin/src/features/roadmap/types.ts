export const ROADMAP_STATUSES = ['completed', 'in_progress', 'planned'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

export const STATUS_LABEL: Record<RoadmapStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  planned: 'Planned',
};

/** A roadmap item and the fields the admin form sends: the API's own schemas (@wayfarer/contracts). */
export type { RoadmapFields, RoadmapItem } from '@wayfarer/contracts';
