import { ROADMAP_STATUSES, ROADMAP_STATUS_LABEL, type RoadmapStatusId } from '@wayfarer/contracts/browser';

/** The statuses and their one label come from the contracts (the public roadmap uses the same). */
export { ROADMAP_STATUSES };
export type RoadmapStatus = RoadmapStatusId;
export const STATUS_LABEL = ROADMAP_STATUS_LABEL;

/** A roadmap item and the fields the admin form sends: the API's own schemas (@wayfarer/contracts). */
export type { RoadmapFields, RoadmapItem } from '@wayfarer/contracts';
