import type { Station } from '../sight-detail/types';

/**
 * A station of the listener's own narrated guide (what they can report and whose plays count): the guide's
 * stations reach the player through toPlayerStations, which always gives them their sentence timings (an array);
 * the sight's own stations from the detail call have none.
 */
export function isGuideStation(s: Station | undefined): s is Station & { sentences: unknown[] } {
  return Boolean(s && Array.isArray((s as { sentences?: unknown }).sentences));
}
