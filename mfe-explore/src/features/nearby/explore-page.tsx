import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@wayfarer/router';
import { useAtomValue } from 'jotai';
import { usePageMeta } from '@wayfarer/ui';
import { CATEGORY_LABEL } from '../map';
import { geocodePlace } from './api/places-api';
import { NoPlaces, PlaceList } from './components/place-list';
import { clampKm, KM_MAX, KM_MIN, normalizeQuery, SEARCH_KM, visiblePlaces, type CategoryFilter, type Place } from './lib/places-logic';
import { afterNextPaint } from './lib/after-paint';
import { parseView, viewToSearch, type ExploreView } from './lib/view-state';
import { loadPlaces, LOAD_ERROR } from './state/load-places';
import { placesAtom, placesStore } from './state/places-atoms';
import './explore.css';

export const RADIUS_DEBOUNCE_MS = 250;

/**
 * The map's code (Leaflet, clustering) is a chunk of its own, downloaded alongside this page's (preload) but run
 * only when the map mounts, after the toolbar and list have been painted.
 */
export const loadExploreMap = () => import(/* webpackChunkName: "explore-map", webpackPreload: true */ '../map');
const ExploreMap = lazy(() => loadExploreMap().then((m) => ({ default: m.ExploreMap })));
const CATEGORIES: CategoryFilter[] = ['all', 'landmark', 'museum', 'scenery', 'historic'];

/** The map's box while its code loads: same size, so nothing moves when it arrives. */
const MAP_PLACEHOLDER = <div className="explore-map" data-testid="explore-map" aria-busy="true" />;

export function ExplorePage() {
  usePageMeta({ title: 'Explore nearby sights', description: 'Sights and audio guides around you, on a map and in a list.' });
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view = useMemo(() => parseView(params), [params]);
  // Results render as a transition: React builds the list and map in slices that yield to the browser, so a
  // response never blocks input for the whole render, and typing or sliding meanwhile stays urgent.
  const state = useDeferredValue(useAtomValue(placesAtom, { store: placesStore }));
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [kmDraft, setKmDraft] = useState(view.km);
  const [queryDraft, setQueryDraft] = useState(view.q);
  const [searchMsg, setSearchMsg] = useState<string | null>(null);
  const [geoMsg, setGeoMsg] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  // The map (Leaflet's set-up, its first layout, the tile requests) starts in a task of its own once the toolbar
  // and list have been painted, instead of lengthening the page's first render.
  const [mapReady, setMapReady] = useState(false);
  useEffect(() => afterNextPaint(() => setMapReady(true)), []);

  const go = useCallback(
    (patch: Partial<ExploreView>, opts: { replace?: boolean } = {}) => {
      const next = { lat: view.lat, lon: view.lon, km: view.km, type: view.type, q: view.q, ...patch };
      setParams(new URLSearchParams(viewToSearch(next)), { replace: opts.replace });
    },
    [view.lat, view.lon, view.km, view.type, view.q, setParams],
  );

  // A URL without a point gets the default view written back, so links and back/forward stay exact.
  useEffect(() => {
    if (!view.hasPoint) go({}, { replace: true });
  }, [view.hasPoint, go]);

  // Back/forward: controls follow the URL.
  useEffect(() => setKmDraft(view.km), [view.km]);
  useEffect(() => setQueryDraft(view.q), [view.q]);

  const reload = useCallback(() => {
    void loadPlaces({ lat: view.lat, lon: view.lon, km: view.km, type: view.type, query: view.q });
  }, [view.lat, view.lon, view.km, view.type, view.q]);

  useEffect(() => {
    if (view.hasPoint) reload();
    // q alone does not change the results; the point it moved to does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.hasPoint, view.lat, view.lon, view.km, view.type]);

  // Radius: clamped, URL (and reload) updated 250 ms after the last change.
  useEffect(() => {
    if (kmDraft === view.km) return;
    const t = setTimeout(() => go({ km: clampKm(kmDraft) }), RADIUS_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [kmDraft, view.km, go]);

  const places = useMemo(
    () => visiblePlaces(state.items, { geo: { lat: view.lat, lon: view.lon }, km: view.km, selectedType: view.type, query: view.q, maxFetchedKm: state.meta.maxFetchedKm }),
    [state.items, state.meta.maxFetchedKm, view.lat, view.lon, view.km, view.type, view.q],
  );

  const listSearch = `?${viewToSearch(view)}`;
  const open = useCallback(
    (p: Place) => {
      if (p.id.startsWith('osm-')) {
        // Map-data fallback places are not in the catalogue yet: move the search there instead.
        go({ lat: p.latitude, lon: p.longitude, q: '' });
        return;
      }
      navigate(`/explore/${encodeURIComponent(p.id)}${listSearch}`, { state: { listSearch } });
    },
    [navigate, listSearch, go],
  );

  // Catalogue sights are links to their page (map-data places are buttons that move the search there).
  const linkOf = useCallback(
    (p: Place) => (p.id.startsWith('osm-') ? null : { to: `/explore/${encodeURIComponent(p.id)}${listSearch}`, state: { listSearch } }),
    [listSearch],
  );

  const hrefOf = useCallback((p: Place) => linkOf(p)?.to ?? null, [linkOf]);

  const searchAt = useCallback((lat: number, lon: number) => go({ lat, lon, km: SEARCH_KM, q: '' }), [go]);

  async function onSearch(e: FormEvent) {
    e.preventDefault();
    const q = normalizeQuery(queryDraft);
    setQueryDraft(q);
    setSearchMsg(null);
    if (!q) return;
    setSearching(true);
    try {
      const hit = await geocodePlace(q);
      if (!hit) setSearchMsg('No results');
      else go({ lat: hit.lat, lon: hit.lon, q });
    } catch {
      setSearchMsg('No results');
    } finally {
      setSearching(false);
    }
  }

  function centerOnUser() {
    setGeoMsg(null);
    if (!('geolocation' in navigator)) {
      setGeoMsg('Your browser cannot share its location. Search for a place instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        go({ lat: pos.coords.latitude, lon: pos.coords.longitude, q: '' });
      },
      (err) => {
        setLocating(false);
        setGeoMsg(
          err.code === err.PERMISSION_DENIED
            ? 'Location access was denied. Allow it in your browser settings, or search for a place instead.'
            : 'Your location could not be found. Try again or search for a place instead.',
        );
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  }

  const showEmpty = state.initialized && !state.loading && !state.error && places.length === 0;

  return (
    <section className="explore-page" aria-labelledby="explore-title">
      <header className="explore-toolbar">
        <h1 id="explore-title" className="explore-toolbar__title">Explore</h1>
        <form className="explore-search" role="search" onSubmit={onSearch}>
          <label className="explore-sr-only" htmlFor="explore-q">Search a place</label>
          <input
            id="explore-q"
            className="wf-input"
            type="search"
            placeholder="Search a city or place"
            value={queryDraft}
            onChange={(e) => setQueryDraft(e.target.value)}
            autoComplete="off"
          />
          <button className="wf-btn" type="submit" disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </button>
        </form>
        <button type="button" className="wf-btn wf-btn--ghost" onClick={centerOnUser} disabled={locating}>
          {locating ? 'Locating…' : 'Use my location'}
        </button>
        <div className="explore-radius">
          <label className="wf-label" htmlFor="explore-km">
            Radius <output htmlFor="explore-km" data-testid="radius-value">{kmDraft} km</output>
          </label>
          <input
            id="explore-km"
            type="range"
            min={KM_MIN}
            max={KM_MAX}
            step={1}
            value={kmDraft}
            onChange={(e) => setKmDraft(clampKm(e.target.value))}
          />
        </div>
        <div className="explore-categories" role="radiogroup" aria-label="Category">
          {CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={view.type === c}
              className={`wf-btn wf-btn--ghost explore-chip${view.type === c ? ' is-active' : ''}`}
              onClick={() => go({ type: c })}
            >
              {CATEGORY_LABEL[c]}
            </button>
          ))}
        </div>
      </header>

      <div className="explore-status" aria-live="polite">
        {searchMsg && <p className="wf-alert wf-alert--info" data-testid="search-message">{searchMsg}</p>}
        {geoMsg && <p className="wf-alert wf-alert--info" data-testid="geo-message">{geoMsg}</p>}
        {state.updating && (
          <p className="explore-updating wf-muted" data-testid="explore-updating">
            <span className="explore-updating__bar" aria-hidden="true" /> Looking for more sights…
          </p>
        )}
      </div>

      <div className="explore-layout">
        <div className="explore-layout__list">
          {state.error ? (
            <div className="wf-alert wf-alert--error" role="alert" data-testid="explore-error">
              <p>{LOAD_ERROR}</p>
              <button type="button" className="wf-btn" onClick={reload}>
                Retry
              </button>
            </div>
          ) : showEmpty ? (
            <NoPlaces km={view.km} type={view.type} onWiden={() => go({ km: KM_MAX })} onAllTypes={() => go({ type: 'all' })} />
          ) : (
            <>
              {!state.loading && places.length > 0 && (
                <p className="wf-muted explore-count" data-testid="explore-count">
                  {places.length} {places.length === 1 ? 'sight' : 'sights'} within {view.km} km
                </p>
              )}
              <PlaceList
                key={`${view.lat},${view.lon},${view.km},${view.type}`}
                places={state.loading ? [] : places}
                loading={state.loading}
                highlightedId={highlighted}
                onHover={setHighlighted}
                onOpen={open}
                linkOf={linkOf}
              />
            </>
          )}
        </div>
        <div className="explore-layout__map">
          <Suspense fallback={MAP_PLACEHOLDER}>
            {mapReady ? (
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
              MAP_PLACEHOLDER
            )}
          </Suspense>
        </div>
      </div>
    </section>
  );
}
