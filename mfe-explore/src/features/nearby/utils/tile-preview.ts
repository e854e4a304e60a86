import { latToY, lonToX } from '@wayfarer/geo';

/**
 * The tiles around the centre (previewTiles sorts them centre first) are asked for first; the rest of the box at
 * low priority, so on a slow connection they do not share the bandwidth with the centre (left to the browser, an
 * image in view is raised to high priority once laid out, and all nine tiles of a phone's box arrived together).
 */
export const CENTRAL_TILES = 4;

const TILE = 256;
/** The map's limits (explore-map.tsx: `minZoom`, and Leaflet's TileLayer default `maxZoom`). */
const MIN_ZOOM = 3;
const MAX_ZOOM = 18;
/** `fitBounds(..., { padding: [8, 8] })` in the map's ViewSync: 8 px on each side. */
const PADDING = 16;

export interface PreviewTile {
  url: string;
  left: number;
  top: number;
}

/** Leaflet's `L.Util.template` for the usual tile URL keys; null for a key it does not know ({-y}, an API key...). */
function tileUrl(template: string, z: number, x: number, y: number): string | null {
  const values: Record<string, string> = {
    z: String(z),
    x: String(x),
    y: String(y),
    r: '',
    s: 'abc'[(x + y) % 3]!,
  };
  let unknown = false;
  const url = template.replace(/\{ *([\w_ -]+) *\}/g, (_, key: string) => {
    const v = values[key];
    if (v === undefined) unknown = true;
    return v ?? '';
  });
  return unknown ? null : url;
}

/** Where Leaflet puts the view in a box: its zoom and the world pixel at the box's top-left corner. */
export interface Frame {
  z: number;
  world: number;
  center: { x: number; y: number };
  origin: { x: number; y: number };
}

/**
 * The frame Leaflet fits a view into, computed as Leaflet does (the search circle's `toBounds(km * 2000)` fitted with
 * 8 px padding, zoom floored, the centre of the projected bounds); null for a box too small to fit anything.
 */
export function frameOf(
  view: { lat: number; lon: number; km: number },
  size: { width: number; height: number },
): Frame | null {
  if (size.width <= PADDING || size.height <= PADDING) return null;
  // LatLng.toBounds: half the size in metres as degrees of latitude, and of longitude at this latitude.
  const dLat = (180 * view.km * 2000) / 40075017;
  const dLon = dLat / Math.cos((Math.PI / 180) * view.lat);
  const [x0, x1] = [lonToX(view.lon - dLon), lonToX(view.lon + dLon)];
  const [y0, y1] = [latToY(view.lat + dLat), latToY(view.lat - dLat)];
  // getBoundsZoom: the scale that fits both sides, snapped to within 1 % of a level, then floored.
  const scale = Math.min(
    (size.width - PADDING) / ((x1 - x0) * TILE),
    (size.height - PADDING) / ((y1 - y0) * TILE),
  );
  const fit = Math.floor(Math.round(Math.log2(scale) * 100) / 100);
  const z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, fit));
  const world = TILE * 2 ** z;
  // The centre: the middle of the projected bounds, which is not the circle's centre in latitude (Mercator).
  const center = { x: ((x0 + x1) / 2) * world, y: ((y0 + y1) / 2) * world };
  const origin = { x: Math.round(center.x - size.width / 2), y: Math.round(center.y - size.height / 2) };
  return { z, world, center, origin };
}

/**
 * The tiles Leaflet shows first for a view, where it shows them, computed as Leaflet does (frameOf, then the tile
 * range around the centre), without Leaflet: the page draws them while the map's code loads, so the first tiles are
 * requested with the page rather than after Leaflet has been set up, and Leaflet's own requests for them come from
 * the cache.
 */
export function previewTiles(
  template: string,
  view: { lat: number; lon: number; km: number },
  size: { width: number; height: number },
): PreviewTile[] {
  const frame = frameOf(view, size);
  if (!frame) return [];
  const { z, center, origin } = frame;
  const px = { x: Math.floor(center.x), y: Math.floor(center.y) };
  const [minX, maxX] = [
    Math.floor((px.x - size.width / 2) / TILE),
    Math.ceil((px.x + size.width / 2) / TILE) - 1,
  ];
  const [minY, maxY] = [
    Math.floor((px.y - size.height / 2) / TILE),
    Math.ceil((px.y + size.height / 2) / TILE) - 1,
  ];
  const tiles: (PreviewTile & { d: number })[] = [];
  const n = 2 ** z;
  for (let y = Math.max(0, minY); y <= Math.min(n - 1, maxY); y++)
    for (let x = minX; x <= maxX; x++) {
      const url = tileUrl(template, z, ((x % n) + n) % n, y);
      if (url === null) return [];
      const left = x * TILE - origin.x;
      const top = y * TILE - origin.y;
      // Centre first, as Leaflet queues them.
      const d = (x + 0.5 - center.x / TILE) ** 2 + (y + 0.5 - center.y / TILE) ** 2;
      tiles.push({ url, left, top, d });
    }
  return tiles.sort((a, b) => a.d - b.d).map(({ url, left, top }) => ({ url, left, top }));
}
