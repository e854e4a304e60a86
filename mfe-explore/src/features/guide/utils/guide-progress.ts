import type { Guide } from '@wayfarer/contracts';
import type { TFunction } from '@wayfarer/i18n';
import { tExplore } from '../../../i18n';

/** Until a worker has written the script (stations_total unknown), the bar creeps over this time, up to 10 %. */
const EXPECTED_SCRIPT_S = 5;

/** The progress bar's value and label (in the page's language) for a guide being made. */
export function guideProgress(
  guide: Pick<Guide, 'status' | 'stations' | 'stations_total'> | null,
  elapsed: number,
  t: TFunction = tExplore,
): { value: number; label: string } {
  const total = guide?.stations_total ?? null;
  if (!guide || guide.status === 'queued' || total == null) {
    return {
      value: Math.min(10, Math.round((elapsed / EXPECTED_SCRIPT_S) * 10)),
      label: t(guide?.status === 'rendering' ? 'guide.writing' : 'guide.waiting', {
        seconds: Math.round(elapsed),
      }),
    };
  }
  const made = guide.stations.length;
  return {
    value: 10 + Math.round((made / Math.max(1, total)) * 90),
    label:
      made < total
        ? [t('guide.narrating', { n: made + 1, total }), made > 0 ? t('guide.firstReady') : '']
            .join(' ')
            .trim()
        : t('guide.finishing'),
  };
}
