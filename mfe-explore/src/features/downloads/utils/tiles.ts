import { latToY, lonToX } from '@wayfarer/geo';

/** The zoom levels a pack keeps around a sight: the sight's mini map opens at 16, one level out and in. */
export const PACK_TILE_ZOOMS = [15, 16, 17] as const;
/** Tiles kept on each side of the sight's tile, at each zoom (a 3 x 3 square). */
export const PACK_TILE_RADIUS = 1;

/**
 * The map tile URLs around a point (for a sight's offline pack): for each zoom, the tile holding it and its
 * neighbours, from a `{z}/{x}/{y}` template. None for a template that picks subdomains (`{s}`): the map would ask
 * another host than the one cached.
 */
export function tileUrlsAround(
  template: string,
  lat: number,
  lon: number,
  zooms: readonly number[] = PACK_TILE_ZOOMS,
  radius = PACK_TILE_RADIUS,
): string[] {
  if (!template || !/\{z\}/.test(template) || /\{s\}/.test(template)) return [];
  const urls: string[] = [];
  for (const z of zooms) {
    const n = 2 ** z;
    const cx = Math.floor(lonToX(lon) * n);
    const cy = Math.floor(latToY(lat) * n);
    for (let dy = -radius; dy <= radius; dy++)
      for (let dx = -radius; dx <= radius; dx++) {
        const y = cy + dy;
        if (y < 0 || y >= n) continue;
        const x = (((cx + dx) % n) + n) % n;
        urls.push(
          template
            .replace('{z}', String(z))
            .replace('{x}', String(x))
            .replace('{y}', String(y))
            .replace('{r}', ''),
        );
      }
  }
  return urls;
}
