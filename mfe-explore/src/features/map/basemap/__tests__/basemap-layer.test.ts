import L from 'leaflet';
import { BASEMAP_URLS, createBasemap, type BasemapData } from '../basemap-layer';
import { PALETTES } from '../palette';

const square = (lon: number, lat: number, d: number): GeoJSON.Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
  ],
});
const fc = (...geometries: GeoJSON.Geometry[]): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: null, geometry })),
});
const DATA: BasemapData = {
  layers: {
    land: fc(square(2.5, 46.6, 5)),
    borders: fc({
      type: 'LineString',
      coordinates: [
        [7.5, 43.8],
        [8.2, 49],
      ],
    }),
    lakes: fc(square(6.5, 46.4, 0.2)),
    rivers: fc({
      type: 'LineString',
      coordinates: [
        [4.8, 45.7],
        [4.8, 43.4],
      ],
    }),
  },
  labels: [
    ['France', 2.5, 46.6, 2, 2, 'c', 'FR'],
    ['Paris', 2.35, 48.86, 3, 0, 'p', {}],
  ],
};

let el: HTMLDivElement;
let map: L.Map;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});
beforeEach(() => {
  el = document.createElement('div');
  document.body.append(el);
  map = L.map(el, { center: [46.6, 2.5], zoom: 5, fadeAnimation: false, zoomAnimation: false });
});
afterEach(() => {
  map.remove();
  el.remove();
});

/** Resolves once the base map has drawn a scale. */
function draw(lang = 'en', palette = PALETTES.light) {
  const requested: string[] = [];
  return new Promise<{ ctl: ReturnType<typeof createBasemap>; requested: string[] }>((resolve) => {
    const ctl = createBasemap(map, {
      palette,
      lang,
      renderer: L.svg({ pane: 'wfBasemap' }),
      load: async (url) => {
        requested.push(url);
        return DATA;
      },
      onDrawn: () => resolve({ ctl, requested }),
    });
  });
}
const labels = () => [...el.querySelectorAll('.wf-basemap-label')].map((l) => l.textContent);
const fills = () =>
  [...el.querySelectorAll('.leaflet-wfBasemap-pane path')].map((p) => p.getAttribute('fill'));

describe('the built-in base map layer', () => {
  it('draws land, lakes, rivers and borders, names France and Paris, and credits Natural Earth', async () => {
    const { requested } = await draw();
    expect(requested).toEqual([BASEMAP_URLS.detail]);
    expect(el.querySelectorAll('.leaflet-wfBasemap-pane path')).toHaveLength(4);
    expect(labels().sort()).toEqual(['France', 'Paris']);
    expect(el.querySelector('.leaflet-control-attribution')?.innerHTML).toContain('Natural Earth');
    expect(el.style.background).not.toBe('');
  });

  it('follows the theme and the language without reloading its data', async () => {
    const { ctl, requested } = await draw('en', PALETTES.light);
    expect(fills()).toContain(PALETTES.light.land);
    ctl.setPalette(PALETTES.dark);
    expect(fills()).toContain(PALETTES.dark.land);
    expect(fills()).not.toContain(PALETTES.light.land);
    ctl.setLang('de');
    expect(labels()).toContain('Frankreich');
    expect(requested).toHaveLength(1);
  });

  it('draws the world file while zoomed out, and leaves the map as it was once removed', async () => {
    map.setZoom(3);
    const { ctl, requested } = await draw();
    expect(requested).toEqual([BASEMAP_URLS.world]);
    ctl.remove();
    expect(el.querySelectorAll('.leaflet-wfBasemap-pane path')).toHaveLength(0);
    expect(labels()).toEqual([]);
    expect(el.style.background).toBe('');
    expect(el.querySelector('.leaflet-control-attribution')?.innerHTML ?? '').not.toContain('Natural Earth');
  });
});
