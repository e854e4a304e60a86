/** Mean Earth radius in metres (the haversine distance's sphere). */
export const EARTH_RADIUS_M = 6_371_000;

const toRad = (d: number) => (d * Math.PI) / 180;

/** Great-circle (haversine) distance in metres between two points given in degrees. */
export function distanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = toRad(bLat - aLat);
  const dLon = toRad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(aLat)) * Math.cos(toRad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Web Mercator's latitude limit: the square world map ends here. */
export const MERCATOR_MAX_LAT = 85.0511287798;

/** Web Mercator: longitude to world x in 0-1 (west to east). */
export const lonToX = (lon: number): number => lon / 360 + 0.5;

/** Web Mercator: latitude (clamped to the map) to world y in 0-1 (north to south). */
export function latToY(lat: number): number {
  const s = Math.sin(toRad(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat))));
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}

/** Web Mercator: world x in 0-1 back to longitude. */
export const xToLon = (x: number): number => (x - 0.5) * 360;

/** Web Mercator: world y in 0-1 back to latitude. */
export const yToLat = (y: number): number => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
