/** What the trust loop needs of a station the player shows (structural: any station type of the player fits). */
export interface ReportableStation {
  id: string;
  title?: string;
  text?: string;
  audio_url?: string | null;
  sentences?: unknown;
}

/**
 * A station of the listener's own narrated guide (what they can report and whose plays count): the guide's
 * stations reach the player through toPlayerStations, which always gives them their sentence timings (an array);
 * the sight's own stations from the detail call have none.
 */
export function isGuideStation<S extends ReportableStation>(
  s: S | undefined,
): s is S & { sentences: unknown[] } {
  return Boolean(s && Array.isArray((s as { sentences?: unknown }).sentences));
}
