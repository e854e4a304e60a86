import { memo, useState, type ReactNode } from 'react';
import { Link } from '@wayfarer/router';
import { StarIcon } from '@wayfarer/ui/icons';
import { apiUrl } from '../../../lib/api-url';
import { CATEGORY_ICON } from '../../../lib/category-meta';
import { usePlaceName } from '../../../lib/place-names';
import { placeCategory, type Place } from '../utils/places-logic';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

export function formatDistance(m: number | null): string | null {
  if (m == null || !Number.isFinite(m)) return null;
  if (m < 1000) return `${Math.round(m / 10) * 10} m`;
  return `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;
}

function Cover({ place }: { place: Place }) {
  const [failed, setFailed] = useState(false);
  const src = apiUrl(place.img_preview ?? place.cover_image_url);
  const cat = placeCategory(place) as keyof typeof CATEGORY_ICON;
  const { Icon } = CATEGORY_ICON[cat];
  if (!src || failed) {
    return (
      <span
        className={`explore-item__cover explore-item__cover--empty explore-pin--${cat}`}
        aria-hidden="true"
      >
        <Icon className="wf-icon" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img className="explore-item__cover" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
  );
}

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** Where a row leads: a sight's page (a real link: new tab, copy link, middle-click), or null for a button. */
export type PlaceLink = (p: Place) => { to: string; state?: unknown } | null;

interface RowProps {
  place: Place;
  highlighted: boolean;
  onHover: (id: string | null) => void;
  onOpen: (p: Place) => void;
  linkOf?: PlaceLink;
}

/** One result; memoised so a hover (which moves the highlight) re-renders two rows, not the whole page. */
export const PlaceRow = memo(function PlaceRow({ place: p, highlighted, onHover, onOpen, linkOf }: RowProps) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const cat = placeCategory(p);
  // Rounded as formatDistance rounds it (10 m, then 0.1 km), written in the active locale.
  const dist =
    p.distance_m == null || !Number.isFinite(p.distance_m)
      ? null
      : format.distance(p.distance_m < 1000 ? Math.round(p.distance_m / 10) * 10 : p.distance_m);
  const where = usePlaceName()(p);
  const link = linkOf?.(p) ?? null;
  const focus = { onFocus: () => onHover(p.id), onBlur: () => onHover(null) };
  const open = (children: ReactNode) =>
    link ? (
      <Link className="explore-item__button" to={link.to} state={link.state} {...focus}>
        {children}
      </Link>
    ) : (
      <button type="button" className="explore-item__button" onClick={() => onOpen(p)} {...focus}>
        {children}
      </button>
    );
  return (
    <li
      className={`explore-item${highlighted ? ' is-highlighted' : ''}`}
      data-testid="place-item"
      data-place-id={p.id}
      onMouseEnter={() => onHover(p.id)}
      onMouseLeave={() => onHover(null)}
    >
      {open(
        <>
          <Cover place={p} />
          <span className="explore-item__body">
            <span className="explore-item__name">{p.name}</span>
            <span className="explore-item__meta wf-muted">
              <span className="wf-badge">{t(`category.${cat}`)}</span>
              {dist && <span data-testid="place-distance">{dist}</span>}
              {p.ratings_count > 0 ? (
                <span
                  aria-label={t('nearby.rated', {
                    avg: format.number(p.rating_avg, oneDecimal),
                    count: p.ratings_count,
                  })}
                >
                  <StarIcon aria-hidden="true" className="wf-icon" fill="currentColor" />{' '}
                  {format.number(p.rating_avg, oneDecimal)} ({format.number(p.ratings_count)})
                </span>
              ) : (
                <span>{t('nearby.noRatings')}</span>
              )}
            </span>
            {where && <span className="explore-item__where wf-muted">{where}</span>}
            {p.id.startsWith('osm-') && (
              <span className="explore-item__where wf-muted">{t('nearby.fromOsm')}</span>
            )}
          </span>
        </>,
      )}
    </li>
  );
});
