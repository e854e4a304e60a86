/** The roadmap's statuses, in the order the product shows them (spec point 4: completed, in_progress, planned). */
export const ROADMAP_STATUSES = ['completed', 'in_progress', 'planned'] as const;
export type RoadmapStatusId = (typeof ROADMAP_STATUSES)[number];

/** The one label of each status, wherever a roadmap is shown (admin and the public pages alike). */
export const ROADMAP_STATUS_LABEL: Readonly<Record<RoadmapStatusId, string>> = {
  completed: 'Completed',
  in_progress: 'In progress',
  planned: 'Planned',
};
