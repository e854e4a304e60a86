import { memo, useState, type ReactNode } from 'react';
import { mediaUrl } from '@wayfarer/api-client';
import { Link } from '@wayfarer/router';
import { EmptyState, Skeleton } from '@wayfarer/ui';
import { CATEGORY_GLYPH, CATEGORY_LABEL } from '../../map';
import { placeCategory, type Place } from '../lib/places-logic';

/** Rows per page of the list; 'Show more' adds another page. */
export const LIST_PAGE = 40;

export function formatDistance(m: number | null): string | null {
  if (m == null || !Number.isFinite(m)) return null;
  if (m < 1000) return `${Math.round(m / 10) * 10} m`;
  return `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;
}

function Cover({ place }: { place: Place }) {
  const [failed, setFailed] = useState(false);
  const src = mediaUrl(place.img_preview ?? place.cover_image_url);
  const cat = placeCategory(place) as keyof typeof CATEGORY_GLYPH;
  if (!src || failed) {
    return (
      <span
        className={`explore-item__cover explore-item__cover--empty explore-pin--${cat}`}
        aria-hidden="true"
      >
        {CATEGORY_GLYPH[cat]}
      </span>
    );
  }
  return (
    <img className="explore-item__cover" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
  );
}

/** Where a row leads: a sight's page (a real link: new tab, copy link, middle-click), or null for a button. */
export type PlaceLink = (p: Place) => { to: string; state?: unknown } | null;

interface Props {
  places: Place[];
  loading: boolean;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  /** A row without a link (a map-data place, not in the catalogue) is a button that calls this. */
  onOpen: (p: Place) => void;
  linkOf?: PlaceLink;
}

interface RowProps {
  place: Place;
  highlighted: boolean;
  onHover: (id: string | null) => void;
  onOpen: (p: Place) => void;
  linkOf?: PlaceLink;
}

/** One result; memoised so a hover (which moves the highlight) re-renders two rows, not the whole page. */
const PlaceRow = memo(function PlaceRow({ place: p, highlighted, onHover, onOpen, linkOf }: RowProps) {
  const cat = placeCategory(p);
  const dist = formatDistance(p.distance_m);
  const where = [p.city, p.country].filter(Boolean).join(', ');
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
              <span className="wf-badge">{CATEGORY_LABEL[cat]}</span>
              {dist && <span data-testid="place-distance">{dist}</span>}
              {p.ratings_count > 0 ? (
                <span aria-label={`Rated ${p.rating_avg.toFixed(1)} from ${p.ratings_count} ratings`}>
                  ★ {p.rating_avg.toFixed(1)} ({p.ratings_count})
                </span>
              ) : (
                <span>No ratings yet</span>
              )}
            </span>
            {where && <span className="explore-item__where wf-muted">{where}</span>}
            {p.id.startsWith('osm-') && (
              <span className="explore-item__where wf-muted">From OpenStreetMap</span>
            )}
          </span>
        </>,
      )}
    </li>
  );
});

/**
 * The results, nearest first, a page at a time ("Show more"): thousands of sights never mean thousands of rows,
 * and rows outside the scrolled view skip layout and paint (content-visibility in explore.css).
 */
export function PlaceList({ places, loading, highlightedId, onHover, onOpen, linkOf }: Props) {
  const [limit, setLimit] = useState(LIST_PAGE);
  if (loading && places.length === 0) {
    return (
      <ul className="explore-list" aria-busy="true" aria-label="Loading sights">
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
      <ul className="explore-list" aria-label="Sights" aria-busy={loading}>
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
          Show more ({more} more)
        </button>
      )}
    </>
  );
}

export function NoPlaces({
  km,
  type,
  onWiden,
  onAllTypes,
}: {
  km: number;
  type: string;
  onWiden: () => void;
  onAllTypes: () => void;
}) {
  return (
    <EmptyState title="No sights found here">
      <p>Try a wider radius or another category, or search somewhere else.</p>
      <div className="explore-empty__actions">
        {km < 20 && (
          <button type="button" className="wf-btn" onClick={onWiden}>
            Widen to 20 km
          </button>
        )}
        {type !== 'all' && (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={onAllTypes}>
            Show all categories
          </button>
        )}
      </div>
    </EmptyState>
  );
}
