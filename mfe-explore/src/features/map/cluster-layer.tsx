import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { placeCategory, type Place } from '../nearby/lib/places-logic';
import { categoryIcon } from './category-icons';
import { NEARBY_RECEIVED_MARK } from '../nearby/state/load-places';
import { createClusterGroup, type ClusterGroup } from './markercluster';

export const CLUSTER_MEASURE = 'explore:cluster';
export const RENDER_CLUSTER_MEASURE = 'explore:render-cluster';


interface Props {
  places: Place[];
  highlightedId: string | null;
  onOpen: (p: Place) => void;
  onHover: (id: string | null) => void;
}

/**
 * Markers through leaflet.markercluster directly (not one React component per marker), diffed by id,
 * so tens of thousands of sights stay smooth.
 */
export function ClusterLayer({ places, highlightedId, onOpen, onHover }: Props) {
  const map = useMap();
  const groupRef = useRef<ClusterGroup | null>(null);
  const markers = useRef(new Map<string, { marker: L.Marker; place: Place }>());
  const handlers = useRef({ onOpen, onHover });
  const finish = useRef<() => void>(() => {});
  const byMarker = useRef(new WeakMap<L.Layer, { marker: L.Marker; place: Place }>());
  handlers.current = { onOpen, onHover };

  useEffect(() => {
    const group = createClusterGroup({
      // Chunked adds finish in later tasks; the final re-cluster runs right after the last progress call.
      chunkProgress: (processed: number, total: number) => {
        if (processed >= total) queueMicrotask(() => finish.current());
      },
    });
    groupRef.current = group;
    // One set of listeners on the group (events propagate from markers; Enter on a focused marker fires click).
    const entryOf = (e: L.LeafletEvent) => byMarker.current.get((e as L.LeafletEvent & { layer?: L.Layer }).layer ?? e.propagatedFrom);
    group.on('click', (e) => {
      const entry = entryOf(e);
      if (entry) handlers.current.onOpen(entry.place);
    });
    group.on('mouseover', (e) => {
      const entry = entryOf(e);
      if (entry) handlers.current.onHover(entry.place.id);
    });
    group.on('mouseout', (e) => {
      if (entryOf(e)) handlers.current.onHover(null);
    });
    map.addLayer(group);
    const known = markers.current;
    return () => {
      map.removeLayer(group);
      groupRef.current = null;
      known.clear();
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    performance.mark(`${CLUSTER_MEASURE}:start`);
    const want = new Set(places.map((p) => p.id));
    const remove: L.Layer[] = [];
    for (const [id, m] of markers.current) {
      if (!want.has(id)) {
        remove.push(m.marker);
        markers.current.delete(id);
      }
    }
    if (remove.length) group.removeLayers(remove);
    const add: L.Marker[] = [];
    for (const p of places) {
      const known = markers.current.get(p.id);
      if (known) {
        known.place = p;
        continue;
      }
      const marker = L.marker([p.latitude, p.longitude], {
        icon: categoryIcon(placeCategory(p) as Exclude<ReturnType<typeof placeCategory>, 'all'>),
        title: p.name,
        alt: p.name,
        keyboard: true,
        riseOnHover: true,
      });
      const entry = { marker, place: p };
      byMarker.current.set(marker, entry);
      markers.current.set(p.id, entry);
      add.push(marker);
    }
    const count = markers.current.size;
    let done = false;
    finish.current = () => {
      if (done) return;
      done = true;
      performance.mark(`${CLUSTER_MEASURE}:end`);
      try {
        performance.measure(CLUSTER_MEASURE, `${CLUSTER_MEASURE}:start`, `${CLUSTER_MEASURE}:end`);
        // From the nearby response to clustered markers: state update, React render, marker build, clustering.
        if (performance.getEntriesByName(NEARBY_RECEIVED_MARK).length)
          performance.measure(RENDER_CLUSTER_MEASURE, NEARBY_RECEIVED_MARK, `${CLUSTER_MEASURE}:end`);
      } catch {
        /* marks unavailable in some test environments */
      }
      map.getContainer().dataset.markerCount = String(count);
    };
    if (add.length) group.addLayers(add, true);
    else finish.current();
  }, [places, map]);

  useEffect(() => {
    if (!highlightedId) return;
    const entry = markers.current.get(highlightedId);
    if (!entry) return;
    const cat = placeCategory(entry.place) as Exclude<ReturnType<typeof placeCategory>, 'all'>;
    entry.marker.setIcon(categoryIcon(cat, true));
    entry.marker.setZIndexOffset(1000);
    const parent = groupRef.current?.getVisibleParent(entry.marker);
    const clusterEl = parent && parent !== entry.marker ? (parent as L.Marker).getElement() : null;
    clusterEl?.classList.add('explore-cluster--highlighted');
    return () => {
      entry.marker.setIcon(categoryIcon(cat, false));
      entry.marker.setZIndexOffset(0);
      clusterEl?.classList.remove('explore-cluster--highlighted');
    };
  }, [highlightedId, places]);

  return null;
}
