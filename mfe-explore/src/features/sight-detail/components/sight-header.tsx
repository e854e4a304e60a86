import type { SightDetail } from '../../../lib/sight-cache';
import { Stars } from '../../comments';
import { formatDistance } from '../../follow-me';
import { categoryLabel } from '../utils/gallery-images';
import { DetailError } from './detail-states';

interface Props {
  sight: SightDetail;
  /** Metres from the user, when their position is known. */
  distance: number | null;
  updating: boolean;
  error: string | null;
  onRetry: () => void;
}

/** Name, category, place, distance and rating; an update in progress or its error. */
export function SightHeader({ sight, distance, updating, error, onRetry }: Props) {
  const place = [sight.city, sight.country].filter(Boolean).join(', ');
  const cat = categoryLabel(sight.category_slugs, sight.category_hint);
  const avg = (sight.rating_avg ?? 0).toFixed(1);
  return (
    <header className="explore-detail__head">
      <h1>{sight.name}</h1>
      <p className="explore-detail__meta">
        {cat && <span className="wf-badge">{cat}</span>}
        {place && <span data-testid="sight-place">{place}</span>}
        {distance != null && <span data-testid="sight-distance">{formatDistance(distance)} away</span>}
      </p>
      <p className="explore-detail__rating" data-testid="sight-rating">
        {sight.ratings_count ? (
          <>
            <Stars value={sight.rating_avg ?? 0} label={`Rated ${avg} out of 5`} />{' '}
            <span data-testid="rating-avg">{avg}</span> (
            <span data-testid="rating-count">{sight.ratings_count}</span> ratings)
          </>
        ) : (
          <span className="wf-muted">No ratings yet</span>
        )}
      </p>
      {updating && <span className="wf-muted">Updating…</span>}
      {error && <DetailError error={error} onRetry={onRetry} />}
    </header>
  );
}
