import { KM_MAX, type CategoryFilter, type Place } from '../utils/places-logic';
import { NoPlaces, PlaceList, type PlaceLink } from './place-list';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

interface Props {
  places: Place[];
  loading: boolean;
  error: string | null;
  /** The last load finished (so an empty list means nothing was found). */
  initialized: boolean;
  km: number;
  type: CategoryFilter;
  /** Remounts the list (back to its first page) when the view changes. */
  viewKey: string;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  onOpen: (p: Place) => void;
  linkOf: PlaceLink;
  onRetry: () => void;
  onWiden: (km: number) => void;
  onAllTypes: () => void;
}

/** The list column: the spec's error with Retry, nothing found (with ways out), or the count and the list. */
export function ExploreResults(p: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  if (p.error)
    return (
      <div className="wf-alert wf-alert--error" role="alert" data-testid="explore-error">
        <p>{t('nearby.loadError')}</p>
        <button type="button" className="wf-btn" onClick={p.onRetry}>
          {t('nearby.retry')}
        </button>
      </div>
    );
  if (p.initialized && !p.loading && p.places.length === 0)
    return <NoPlaces km={p.km} type={p.type} onWiden={() => p.onWiden(KM_MAX)} onAllTypes={p.onAllTypes} />;
  return (
    <>
      {!p.loading && p.places.length > 0 && (
        <p className="wf-muted explore-count" data-testid="explore-count">
          {t('nearby.count', { count: p.places.length, km: p.km })}
        </p>
      )}
      <PlaceList
        key={p.viewKey}
        places={p.loading ? [] : p.places}
        loading={p.loading}
        highlightedId={p.highlightedId}
        onHover={p.onHover}
        onOpen={p.onOpen}
        linkOf={p.linkOf}
      />
    </>
  );
}
