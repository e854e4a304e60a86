import type { TFunction } from '@wayfarer/i18n';
import { formatDistance } from './geo';

/**
 * What follow me says while on: waiting for the first position, no station to follow, or the nearest station and
 * how far it is (in the page's language and locale).
 */
export function followStatus(
  t: TFunction,
  locale: string,
  stations: readonly { title?: string | null }[],
  nearest: { index: number; distance: number } | null | undefined,
): string {
  if (nearest === undefined) return t('follow.waiting');
  if (nearest === null) return t('follow.noLocations');
  return t('follow.nearest', {
    title: stations[nearest.index]?.title || t('stations.station', { n: nearest.index + 1 }),
    distance: formatDistance(nearest.distance, locale),
  });
}
