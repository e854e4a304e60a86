import L from 'leaflet';
import { previewPins } from '../preview-pins';
import { previewTiles } from '../tile-preview';

const TEMPLATE = 'https://{s}.tiles.example/{z}/{x}/{y}{r}.png';

/** What Leaflet itself shows first: the map as explore-map.tsx sets it up, fitted as its ViewSync fits it. */
function leafletFirstTiles(
  view: { lat: number; lon: number; km: number },
  size: { width: number; height: number },
) {
  const el = document.createElement('div');
  // jsdom does no layout: the map's box as the page lays it out.
  Object.defineProperty(el, 'clientWidth', { value: size.width });
  Object.defineProperty(el, 'clientHeight', { value: size.height });
  document.body.appendChild(el);
  const map = L.map(el, { center: [view.lat, view.lon], zoom: 13, minZoom: 3, zoomAnimation: false });
  const layer = L.tileLayer(TEMPLATE).addTo(map);
  map.fitBounds(L.latLng(view.lat, view.lon).toBounds(view.km * 2000), { animate: false, padding: [8, 8] });
  const zoom = map.getZoom();
  const origin = map.getPixelOrigin();
  const tiles = Object.values(
    (layer as unknown as { _tiles: Record<string, { el: HTMLImageElement; coords: L.Coords }> })._tiles,
  )
    .filter((t) => t.coords.z === zoom)
    .map((t) => ({
      url: t.el.getAttribute('src'),
      left: t.coords.x * 256 - origin.x,
      top: t.coords.y * 256 - origin.y,
    }));
  map.remove();
  el.remove();
  return tiles;
}

const byUrl = <T extends { url: string | null }>(ts: T[]) =>
  [...ts].sort((a, b) => String(a.url).localeCompare(String(b.url)));

describe('previewTiles (the map placeholder draws the tiles Leaflet shows first)', () => {
  it.each([
    [
      { lat: 48.8584, lon: 2.2945, km: 5 },
      { width: 378, height: 426 },
    ],
    [
      { lat: 48.8566, lon: 2.3522, km: 1 },
      { width: 378, height: 426 },
    ],
    [
      { lat: 40.7128, lon: -74.006, km: 20 },
      { width: 900, height: 640 },
    ],
    [
      { lat: -33.8688, lon: 151.2093, km: 0.5 },
      { width: 1100, height: 700 },
    ],
    [
      { lat: 64.1466, lon: -21.9426, km: 50 },
      { width: 320, height: 318 },
    ],
    [
      { lat: 35.6762, lon: 139.6503, km: 3 },
      { width: 641, height: 503 },
    ],
    // Either side of a zoom level: the 8 px padding on each side and the 1 % snap decide it.
    [
      { lat: 48.8584, lon: 2.2945, km: 5 },
      { width: 400, height: 900 },
    ],
    [
      { lat: 48.8584, lon: 2.2945, km: 5 },
      { width: 414, height: 900 },
    ],
    [
      { lat: 48.8584, lon: 2.2945, km: 5 },
      { width: 420, height: 900 },
    ],
  ])('gives the same tiles at the same places as Leaflet for %j in %j', (view, size) => {
    const ours = previewTiles(TEMPLATE, view, size);
    expect(ours.length).toBeGreaterThan(0);
    expect(byUrl(ours)).toEqual(byUrl(leafletFirstTiles(view, size)));
  });

  it('puts the tiles nearest the centre first', () => {
    const tiles = previewTiles(TEMPLATE, { lat: 48.8584, lon: 2.2945, km: 5 }, { width: 378, height: 426 });
    const centre = tiles[0]!;
    expect(centre.left).toBeLessThanOrEqual(378 / 2);
    expect(centre.left + 256).toBeGreaterThan(378 / 2);
    expect(centre.top).toBeLessThanOrEqual(426 / 2);
    expect(centre.top + 256).toBeGreaterThan(426 / 2);
  });

  it('draws nothing for a box not laid out yet or a URL with keys it cannot fill', () => {
    expect(previewTiles(TEMPLATE, { lat: 48.85, lon: 2.29, km: 5 }, { width: 0, height: 0 })).toEqual([]);
    expect(
      previewTiles(
        'https://t.example/{z}/{x}/{-y}.png?key={apikey}',
        { lat: 48.85, lon: 2.29, km: 5 },
        { width: 400, height: 400 },
      ),
    ).toEqual([]);
  });
});

describe('previewPins (the facade pins sights where the map will put their markers)', () => {
  const view = { lat: 48.8584, lon: 2.2945, km: 5 };
  const size = { width: 378, height: 426 };
  /** Where Leaflet, fitted as explore-map.tsx fits it, puts each point in the map's box. */
  function leafletPoints(points: { latitude: number; longitude: number }[]) {
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: size.width });
    Object.defineProperty(el, 'clientHeight', { value: size.height });
    document.body.appendChild(el);
    const map = L.map(el, { center: [view.lat, view.lon], zoom: 13, minZoom: 3, zoomAnimation: false });
    map.fitBounds(L.latLng(view.lat, view.lon).toBounds(view.km * 2000), { animate: false, padding: [8, 8] });
    const out = points.map((p) => map.latLngToContainerPoint([p.latitude, p.longitude]));
    map.remove();
    el.remove();
    return out;
  }

  it('puts each pin within a pixel of where Leaflet puts its marker', () => {
    const places = [
      { id: 'tower', latitude: 48.8584, longitude: 2.2945 },
      { id: 'arc', latitude: 48.8738, longitude: 2.295 },
      { id: 'invalides', latitude: 48.8559, longitude: 2.3125 },
      { id: 'south', latitude: 48.84, longitude: 2.28 },
    ];
    const pins = previewPins(places, view, size);
    expect(pins.map((p) => p.id)).toEqual(places.map((p) => p.id));
    const expected = leafletPoints(places);
    pins.forEach((pin, i) => {
      expect(Math.abs(pin.left - expected[i]!.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(pin.top - expected[i]!.y)).toBeLessThanOrEqual(1);
    });
  });

  it('leaves out places outside the box, keeps one pin per cell (the first place) and at most `max`', () => {
    const far = { id: 'lyon', latitude: 45.764, longitude: 4.8357 };
    const a = { id: 'a', latitude: 48.8584, longitude: 2.2945 };
    const twin = { id: 'a-twin', latitude: 48.85841, longitude: 2.29451 };
    const b = { id: 'b', latitude: 48.8738, longitude: 2.295 };
    expect(previewPins([far, a, twin, b], view, size).map((p) => p.id)).toEqual(['a', 'b']);
    expect(previewPins([a, b], view, size, { max: 1 }).map((p) => p.id)).toEqual(['a']);
    // A box too small to fit the view (not laid out yet): no pins.
    expect(previewPins([a], view, { width: 0, height: 0 })).toEqual([]);
  });
});
