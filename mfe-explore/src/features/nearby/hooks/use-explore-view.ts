import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@wayfarer/router';
import { clampKm } from '../utils/places-logic';
import { parseView, viewToSearch, type ExploreView } from '../utils/view-state';

export const RADIUS_DEBOUNCE_MS = 250;

/**
 * The explore view lives in the URL (?lat&lon&km&type&q): links and back/forward are exact. A URL without a point
 * gets the default view written back, in the commit that shows the page (a layout effect): a passive effect of a
 * navigation's commit runs in a later task, and a link followed in between would be replaced by /explore. The
 * radius slider moves the URL 250 ms after its last change.
 */
export function useExploreView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const [kmDraft, setKmDraft] = useState(view.km);

  const go = useCallback(
    (patch: Partial<ExploreView>, opts: { replace?: boolean } = {}) => {
      const next = { lat: view.lat, lon: view.lon, km: view.km, type: view.type, q: view.q, ...patch };
      setParams(new URLSearchParams(viewToSearch(next)), { replace: opts.replace });
    },
    [view.lat, view.lon, view.km, view.type, view.q, setParams],
  );

  useLayoutEffect(() => {
    if (!view.hasPoint) go({}, { replace: true });
  }, [view.hasPoint, go]);

  // Back/forward: the slider follows the URL.
  useEffect(() => setKmDraft(view.km), [view.km]);

  useEffect(() => {
    if (kmDraft === view.km) return;
    const t = setTimeout(() => go({ km: clampKm(kmDraft) }), RADIUS_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [kmDraft, view.km, go]);

  return { view, go, kmDraft, setKmDraft: (v: unknown) => setKmDraft(clampKm(v)) };
}
