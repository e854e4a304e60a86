import { Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { ExploreToolbar } from './components/explore-toolbar';
import { ExploreResults } from './components/explore-results';
import { ExploreStatus } from './components/explore-status';
import { MapPlaceholder } from './components/map-placeholder';
import { usePickResult } from './hooks/use-pick-result';
import { useExploreView } from './hooks/use-explore-view';
import { useLocateMe } from './hooks/use-locate-me';
import { useMapStart } from './hooks/use-map-start';
import { useMapFacade } from './hooks/use-touch-first';
import { useNearbyPlaces } from './hooks/use-nearby-places';
import { usePlaceSearch } from './hooks/use-place-search';
import { SEARCH_KM, visiblePlaces, type Place } from './utils/places-logic';
import { viewToSearch } from './utils/view-state';
import { ExploreMap } from './explore-page-loads';
import './explore.css';

export { RADIUS_DEBOUNCE_MS } from './hooks/use-explore-view';
// The page module's data export (lazyPage's `data`), and the map's code for whoever starts it early.
export { loadExploreMap, prefetchExploreData } from './explore-page-loads';

export function ExplorePage() {
  const { t } = useTranslation(EXPLORE_NS);
  usePageMeta({ title: t('nearby.metaTitle'), description: t('nearby.metaDescription') });
  const navigate = useNavigate();
  const { view, go, kmDraft, setKmDraft } = useExploreView();
  const nearby = useNearbyPlaces({ lat: view.lat, lon: view.lon, km: view.km, type: view.type });
  // Results render as a transition: React builds the list and map in slices that yield to the browser, so a
  // response never blocks input for the whole render, and typing or sliding meanwhile stays urgent.
  const items = useDeferredValue(nearby.items);
  const search = usePlaceSearch(view.q, (hit, q) => go({ lat: hit.lat, lon: hit.lon, q }));
  const locate = useLocateMe((lat, lon) => go({ lat, lon, q: '' }));
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // The map (Leaflet's set-up, its first layout) starts in a task of its own once the toolbar and list have been
  // painted and the preview's first tile is on screen, instead of lengthening the page's first render.
  const { mapReady, onPreviewSettled } = useMapStart();
  // On a touch-first device the preview is the map's facade until tapped (map-placeholder.tsx).
  const { facade, activate: activateMap } = useMapFacade();

  const places = useMemo(
    () =>
      visiblePlaces(items, {
        geo: { lat: view.lat, lon: view.lon },
        km: view.km,
        selectedType: view.type,
        query: view.q,
        maxFetchedKm: 0,
      }),
    [items, view.lat, view.lon, view.km, view.type, view.q],
  );

  const placeholder = (
    <MapPlaceholder
      view={view}
      onSettled={onPreviewSettled}
      facade={facade ? { places, onActivate: activateMap } : undefined}
    />
  );
  const listSearch = `?${viewToSearch(view)}`;
  // Catalogue sights are links to their page (map-data places are buttons that move the search there).
  const linkOf = useCallback(
    (p: Place) =>
      p.id.startsWith('osm-')
        ? null
        : { to: `/explore/${encodeURIComponent(p.id)}${listSearch}`, state: { listSearch } },
    [listSearch],
  );
  const hrefOf = useCallback((p: Place) => linkOf(p)?.to ?? null, [linkOf]);
  const open = useCallback(
    (p: Place) => {
      const link = linkOf(p);
      // Map-data fallback places are not in the catalogue yet: move the search there instead.
      if (link) navigate(link.to, { state: link.state });
      else go({ lat: p.latitude, lon: p.longitude, q: '' });
    },
    [navigate, linkOf, go],
  );
  const searchAt = useCallback((lat: number, lon: number) => go({ lat, lon, km: SEARCH_KM, q: '' }), [go]);
  const pick = usePickResult(go, listSearch);

  return (
    <section className="explore-page" aria-labelledby="explore-title">
      <ExploreToolbar
        query={search.draft}
        onQuery={search.setDraft}
        onSearch={search.submit}
        searching={search.searching}
        center={{ lat: view.lat, lon: view.lon }}
        onPick={pick}
        onLocate={locate.locate}
        locating={locate.locating}
        km={kmDraft}
        onKm={setKmDraft}
        type={view.type}
        onType={(type) => go({ type })}
      />

      <ExploreStatus
        searchMessage={search.message}
        locateMessage={locate.message}
        updating={nearby.updating}
      />

      <div className="explore-layout">
        <div className="explore-layout__list">
          <ExploreResults
            places={places}
            loading={nearby.loading}
            error={nearby.error}
            initialized={nearby.initialized}
            km={view.km}
            type={view.type}
            viewKey={`${view.lat},${view.lon},${view.km},${view.type}`}
            highlightedId={highlighted}
            onHover={setHighlighted}
            onOpen={open}
            linkOf={linkOf}
            onRetry={nearby.reload}
            onWiden={(km) => go({ km })}
            onAllTypes={() => go({ type: 'all' })}
          />
        </div>
        <div className="explore-layout__map">
          <Suspense fallback={placeholder}>
            {mapReady && !facade ? (
              <ExploreMap
                center={{ lat: view.lat, lon: view.lon }}
                km={view.km}
                places={places}
                highlightedId={highlighted}
                onOpen={open}
                onHover={setHighlighted}
                onSearchAt={searchAt}
                hrefOf={hrefOf}
              />
            ) : (
              placeholder
            )}
          </Suspense>
        </div>
      </div>
    </section>
  );
}
