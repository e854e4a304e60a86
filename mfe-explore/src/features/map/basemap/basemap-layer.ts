import L from 'leaflet';
import { placeLabels, type LabelRow } from './labels';
import type { BasemapPalette } from './palette';
import './basemap.css';

/** One scale of the built-in base map (scripts/data/build-basemap.mjs writes these files). */
export interface BasemapData {
  layers: {
    land: GeoJSON.FeatureCollection;
    borders: GeoJSON.FeatureCollection;
    lakes: GeoJSON.FeatureCollection;
    rivers: GeoJSON.FeatureCollection;
    urban?: GeoJSON.FeatureCollection;
  };
  labels: LabelRow[];
}

/**
 * The files, emitted by the build as hashed assets of this remote and fetched only when the base map is drawn:
 * the world at 1:110m while zoomed out, at 1:50m (with urban areas and more places) from DETAIL_ZOOM on.
 */
export const BASEMAP_URLS = {
  world: new URL('./data/world-110m.json', import.meta.url).href,
  detail: new URL('./data/world-50m.json', import.meta.url).href,
};
export const DETAIL_ZOOM = 4;

export const NATURAL_EARTH_ATTRIBUTION = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';

const loads = new Map<string, Promise<BasemapData>>();
/** Each file once per page (a failed load may be tried again). */
export function loadBasemap(url: string, fetchImpl: typeof fetch = fetch): Promise<BasemapData> {
  let p = loads.get(url);
  if (!p) {
    p = fetchImpl(url).then((r) => {
      if (!r.ok) throw new Error(`base map ${r.status}`);
      return r.json() as Promise<BasemapData>;
    });
    p.catch(() => loads.delete(url));
    loads.set(url, p);
  }
  return p;
}

const PANE = 'wfBasemap';
const LABEL_PANE = 'wfBasemapLabels';

export interface BasemapController {
  setPalette(p: BasemapPalette): void;
  setLang(lang: string): void;
  remove(): void;
}

/**
 * Draws the base map on `map`: land, urban areas, lakes, rivers and borders as vector shapes on one canvas (under
 * the pins and the search circle), and place and country names as text in a pane above it, placed without
 * overlapping. The scale follows the zoom; `onDrawn` runs once the first scale is on the map.
 */
export function createBasemap(
  map: L.Map,
  opts: {
    palette: BasemapPalette;
    lang: string;
    onDrawn?: () => void;
    load?: (url: string) => Promise<BasemapData>;
    /** Where the shapes are drawn: one canvas by default. */
    renderer?: L.Renderer;
  },
): BasemapController {
  const load = opts.load ?? ((url: string) => loadBasemap(url));
  let palette = opts.palette;
  let lang = opts.lang;
  let removed = false;
  if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = '150';
  if (!map.getPane(LABEL_PANE)) {
    const pane = map.createPane(LABEL_PANE);
    pane.style.zIndex = '350';
    pane.style.pointerEvents = 'none';
  }
  const renderer = opts.renderer ?? L.canvas({ pane: PANE, padding: 0.5 });
  const container = map.getContainer();
  const background = container.style.background;
  container.style.background = palette.water;
  const group = L.layerGroup([], { attribution: NATURAL_EARTH_ATTRIBUTION, pane: PANE }).addTo(map);
  const labelBox = L.DomUtil.create('div', 'wf-basemap-labels leaflet-zoom-hide', map.getPane(LABEL_PANE));
  labelBox.setAttribute('aria-hidden', 'true');
  labelBox.dataset['testid'] = 'basemap-labels';

  let shown: { url: string; data: BasemapData; layers: L.GeoJSON[] } | null = null;

  const styleOf = (name: keyof BasemapData['layers']): L.PathOptions => {
    switch (name) {
      case 'land':
        return { stroke: false, fill: true, fillColor: palette.land, fillOpacity: 1 };
      case 'urban':
        return { stroke: false, fill: true, fillColor: palette.urban, fillOpacity: 1 };
      case 'lakes':
        return { stroke: false, fill: true, fillColor: palette.lake, fillOpacity: 1 };
      case 'rivers':
        return { color: palette.river, weight: 1.2, opacity: 1, fill: false };
      case 'borders':
        return { color: palette.border, weight: 1, opacity: 0.9, dashArray: '4 3', fill: false };
    }
  };

  const drawLabels = () => {
    if (removed || !shown) return;
    const size = map.getSize();
    const placed = placeLabels(shown.data.labels, {
      zoom: map.getZoom(),
      lang,
      width: size.x,
      height: size.y,
      project: (lat, lon) => map.latLngToContainerPoint([lat, lon]),
    });
    labelBox.replaceChildren(
      ...placed.map((l) => {
        // Leaflet positions the box by its transform; the text is shifted onto the point inside it.
        const el = L.DomUtil.create('div', `wf-basemap-label wf-basemap-label--${l.kind}`);
        L.DomUtil.create('span', '', el).textContent = l.text;
        L.DomUtil.setPosition(el, map.latLngToLayerPoint([l.lat, l.lon]));
        return el;
      }),
    );
  };

  const show = (url: string) => {
    if (shown?.url === url) return;
    // A file that cannot be read leaves the map as it is (its background is the water colour).
    Promise.resolve(url)
      .then(load)
      .then(
        (data) => {
          // A later zoom may have asked for the other scale meanwhile.
          if (removed || urlFor(map.getZoom()) !== url || shown?.url === url) return;
          for (const l of shown?.layers ?? []) group.removeLayer(l);
          const order: (keyof BasemapData['layers'])[] = ['land', 'urban', 'lakes', 'rivers', 'borders'];
          const layers = order
            .filter((name) => data.layers[name])
            .map((name) =>
              // The options reach each shape Leaflet makes (its renderer: one canvas for them all).
              L.geoJSON(data.layers[name], {
                renderer,
                interactive: false,
                style: () => styleOf(name),
              } as L.GeoJSONOptions & L.PathOptions).addTo(group),
            );
          shown = { url, data, layers };
          container.style.background = palette.water;
          drawLabels();
          opts.onDrawn?.();
        },
        () => undefined,
      );
  };

  const urlFor = (zoom: number) => (zoom < DETAIL_ZOOM ? BASEMAP_URLS.world : BASEMAP_URLS.detail);
  const onView = () => {
    show(urlFor(map.getZoom()));
    drawLabels();
  };
  map.on('zoomend moveend resize', onView);
  show(urlFor(map.getZoom()));

  return {
    setPalette(p) {
      palette = p;
      if (!shown) return;
      container.style.background = p.water;
      const names = (['land', 'urban', 'lakes', 'rivers', 'borders'] as const).filter(
        (n) => shown!.data.layers[n],
      );
      shown.layers.forEach((l, i) => l.setStyle(styleOf(names[i]!)));
    },
    setLang(next) {
      lang = next;
      drawLabels();
    },
    remove() {
      removed = true;
      map.off('zoomend moveend resize', onView);
      group.remove();
      labelBox.remove();
      container.style.background = background;
    },
  };
}
