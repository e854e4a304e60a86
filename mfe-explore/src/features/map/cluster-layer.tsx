import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import type { Place } from '../nearby';
import { EXPLORE_NS } from '../../i18n';
import { NEARBY_RECEIVED_MARK } from '../../lib/perf-marks';
import { countLabel } from './cluster-index';
import { SightClusterView, type ClusterText } from './sight-cluster-view';

export const CLUSTER_MEASURE = 'explore:cluster';
export const RENDER_CLUSTER_MEASURE = 'explore:render-cluster';

interface Props {
  places: Place[];
  highlightedId: string | null;
  onOpen: (p: Place) => void;
  onHover: (id: string | null) => void;
  /** A sight's page, for pins that are real links. */
  hrefOf?: (p: Place) => string | null;
}

/**
 * The sights on the map: clustered through an index, with markers only for what is in view
 * (not one React component, nor one Leaflet marker, per sight), so tens of thousands stay smooth.
 */
export function ClusterLayer({ places, highlightedId, onOpen, onHover, hrefOf }: Props) {
  const map = useMap();
  const viewRef = useRef<SightClusterView | null>(null);
  const handlers = useRef({ onOpen, onHover, hrefOf });
  handlers.current = { onOpen, onHover, hrefOf };
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  // Bubble counts in the traveller's language (Intl's compact notation); new only when the language changes.
  const text = useMemo<ClusterText>(
    () => ({ label: (n) => countLabel(n, format), title: (n) => t('map.cluster', { count: n }) }),
    [format, t],
  );
  const textRef = useRef(text);
  textRef.current = text;

  useEffect(() => {
    const view = new SightClusterView(
      map,
      {
        onOpen: (p) => handlers.current.onOpen(p),
        onHover: (id) => handlers.current.onHover(id),
        hrefOf: (p) => handlers.current.hrefOf?.(p) ?? null,
      },
      textRef.current,
    );
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    viewRef.current?.setText(text);
  }, [text]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    performance.mark(`${CLUSTER_MEASURE}:start`);
    view.setPlaces(places);
    performance.mark(`${CLUSTER_MEASURE}:end`);
    try {
      performance.measure(CLUSTER_MEASURE, `${CLUSTER_MEASURE}:start`, `${CLUSTER_MEASURE}:end`);
      // From the nearby response to every sight clustered and the view's markers on the map: state update,
      // React render of the page and list, index build, markers. Measured once per response (the mark is
      // consumed), so later merges of the same load are not counted from the old response.
      if (performance.getEntriesByName(NEARBY_RECEIVED_MARK).length) {
        performance.measure(RENDER_CLUSTER_MEASURE, NEARBY_RECEIVED_MARK, `${CLUSTER_MEASURE}:end`);
        performance.clearMarks(NEARBY_RECEIVED_MARK);
      }
    } catch {
      /* marks unavailable in some test environments */
    }
    // Number of sights on the map (each in a cluster or as its own marker).
    map.getContainer().dataset.markerCount = String(places.length);
  }, [places, map]);

  useEffect(() => {
    viewRef.current?.setHighlight(highlightedId);
  }, [highlightedId]);

  return null;
}
