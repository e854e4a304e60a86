import type { Guide } from '@wayfarer/contracts';

/** Until a worker has written the script (stations_total unknown), the bar creeps over this time, up to 10 %. */
const EXPECTED_SCRIPT_S = 5;

/** The progress bar's value and label for a guide being made. */
export function guideProgress(
  guide: Pick<Guide, 'status' | 'stations' | 'stations_total'> | null,
  elapsed: number,
): { value: number; label: string } {
  const total = guide?.stations_total ?? null;
  if (!guide || guide.status === 'queued' || total == null) {
    return {
      value: Math.min(10, Math.round((elapsed / EXPECTED_SCRIPT_S) * 10)),
      label:
        guide?.status === 'rendering'
          ? `Writing the guide… ${Math.round(elapsed)} s`
          : `Waiting for a narrator… ${Math.round(elapsed)} s`,
    };
  }
  const made = guide.stations.length;
  return {
    value: 10 + Math.round((made / Math.max(1, total)) * 90),
    label:
      made < total
        ? `Narrating station ${made + 1} of ${total}… ${made > 0 ? 'Station 1 is ready to play.' : ''}`.trim()
        : 'Finishing…',
  };
}
