import { ROADMAP_STATUSES, type RoadmapStatusId } from '@wayfarer/contracts/browser';

/** The statuses come from the contracts (the public roadmap uses the same); their labels from the catalog. */
export { ROADMAP_STATUSES };
export type RoadmapStatus = RoadmapStatusId;

/** A roadmap item and the fields the admin form sends: the API's own schemas (@wayfarer/contracts). */
export type { RoadmapFields, RoadmapItem } from '@wayfarer/contracts';
