import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { usePlaceName } from '../../../lib/place-names';
import type { SightDetail } from '../../../lib/sight-cache';
import { Stars } from '../../comments';
import { formatDistance } from '../../follow-me';
import { categoryKey } from '../utils/gallery-images';
import { DetailError } from './detail-states';

interface Props {
  sight: SightDetail;
  /** Metres from the user, when their position is known. */
  distance: number | null;
  updating: boolean;
  error: string | null;
  onRetry: () => void;
}

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** Name, category, place, distance and rating; an update in progress or its error. */
export function SightHeader({ sight, distance, updating, error, onRetry }: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const place = usePlaceName()(sight);
  const cat = categoryKey(sight.category_slugs, sight.category_hint);
  const avg = format.number(sight.rating_avg ?? 0, oneDecimal);
  const count = sight.ratings_count ?? 0;
  return (
    <header className="explore-detail__head">
      <h1>{sight.name}</h1>
      <p className="explore-detail__meta">
        {cat && (
          <span className="wf-badge">{t(`categoryOne.${cat.key}`, { defaultValue: cat.fallback })}</span>
        )}
        {place && <span data-testid="sight-place">{place}</span>}
        {distance != null && (
          <span data-testid="sight-distance">
            {t('detail.away', { distance: formatDistance(distance, format.locale) })}
          </span>
        )}
      </p>
      <p className="explore-detail__rating" data-testid="sight-rating">
        {count ? (
          <>
            <Stars value={sight.rating_avg ?? 0} label={t('detail.ratedOutOf', { avg })} />{' '}
            <span data-testid="rating-avg">{avg}</span> (
            <span data-testid="rating-count">{format.number(count)}</span> {t('detail.ratings', { count })})
          </>
        ) : (
          <span className="wf-muted">{t('nearby.noRatings')}</span>
        )}
      </p>
      {updating && <span className="wf-muted">{t('detail.updating')}</span>}
      {error && <DetailError onRetry={onRetry} />}
    </header>
  );
}
