import { useState } from 'react';
import { Skeleton } from '@wayfarer/ui';
import type { Place } from '../utils/places-logic';
import { PlaceRow, type PlaceLink } from './place-row';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

export { formatDistance, type PlaceLink } from './place-row';
export { NoPlaces } from './no-places';

/** Rows per page of the list; 'Show more' adds another page. */
export const LIST_PAGE = 40;

interface Props {
  places: Place[];
  loading: boolean;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  /** A row without a link (a map-data place, not in the catalogue) is a button that calls this. */
  onOpen: (p: Place) => void;
  linkOf?: PlaceLink;
}

/**
 * The results, nearest first, a page at a time ("Show more"): thousands of sights never mean thousands of rows,
 * and rows outside the scrolled view skip layout and paint (content-visibility in explore.css).
 */
export function PlaceList({ places, loading, highlightedId, onHover, onOpen, linkOf }: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  const [limit, setLimit] = useState(LIST_PAGE);
  if (loading && places.length === 0) {
    return (
      <ul className="explore-list" aria-busy="true" aria-label={t('nearby.loadingSights')}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="explore-item explore-item--skeleton" data-testid="place-skeleton">
            <Skeleton width={72} height={72} />
            <div style={{ flex: 1, display: 'grid', gap: 8 }}>
              <Skeleton width="70%" />
              <Skeleton width="40%" height={12} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  const shown = places.length > limit ? places.slice(0, limit) : places;
  const more = places.length - shown.length;
  return (
    <>
      <ul className="explore-list" aria-label={t('nearby.sights')} aria-busy={loading}>
        {shown.map((p) => (
          <PlaceRow
            key={p.id}
            place={p}
            highlighted={highlightedId === p.id}
            onHover={onHover}
            onOpen={onOpen}
            linkOf={linkOf}
          />
        ))}
      </ul>
      {more > 0 && (
        <button
          type="button"
          className="wf-btn wf-btn--ghost explore-list__more"
          onClick={() => setLimit((l) => l + LIST_PAGE)}
        >
          {t('nearby.more', { count: more })}
        </button>
      )}
    </>
  );
}
