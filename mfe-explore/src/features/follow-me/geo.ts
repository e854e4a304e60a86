/** Great-circle distance in metres. */
export function distanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const R = 6_371_000;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(bLat - aLat);
  const dLon = toRad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(aLat)) * Math.cos(toRad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

export const DEFAULT_RADIUS_M = 40;

/**
 * Index of the first station, not yet triggered, whose radius contains the position; null if none.
 * Stations without coordinates never trigger.
 */
export function stationToTrigger(
  pos: { lat: number; lon: number },
  stations: { latitude?: number; longitude?: number; radius_m?: number }[],
  triggered: ReadonlySet<number>,
  radiusM = DEFAULT_RADIUS_M,
): number | null {
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i];
    if (triggered.has(i) || typeof s.latitude !== 'number' || typeof s.longitude !== 'number') continue;
    if (distanceM(pos.lat, pos.lon, s.latitude, s.longitude) <= (s.radius_m ?? radiusM)) return i;
  }
  return null;
}

export function formatDistance(m: number): string {
  return m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;
}
