import { distanceM } from '@wayfarer/geo';

export { distanceM };

export const DEFAULT_RADIUS_M = 40;
export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 500;

type GeoStation = { latitude?: number | null; longitude?: number | null; radius_m?: number };

/** The nearest station (by index) with coordinates, and its distance; null when no station has coordinates. */
export function nearestStation(
  pos: { lat: number; lon: number },
  stations: readonly GeoStation[],
): { index: number; distance: number } | null {
  let best: { index: number; distance: number } | null = null;
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i];
    if (typeof s.latitude !== 'number' || typeof s.longitude !== 'number') continue;
    const d = distanceM(pos.lat, pos.lon, s.latitude, s.longitude);
    if (!best || d < best.distance) best = { index: i, distance: d };
  }
  return best;
}

/**
 * The station to start at this position, or null: among the stations whose radius contains the position, the
 * nearest one (the first in guide order on a tie), and only if it has not been triggered yet. Where two radii
 * overlap, standing by a station that already played does not start its neighbour; walking on until the neighbour
 * is the nearer one does. Stations without coordinates never trigger.
 */
export function stationToTrigger(
  pos: { lat: number; lon: number },
  stations: readonly GeoStation[],
  triggered: ReadonlySet<number>,
  radiusM = DEFAULT_RADIUS_M,
): number | null {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i];
    if (typeof s.latitude !== 'number' || typeof s.longitude !== 'number') continue;
    const d = distanceM(pos.lat, pos.lon, s.latitude, s.longitude);
    if (d <= (s.radius_m ?? radiusM) && d < bestD) {
      best = i;
      bestD = d;
    }
  }
  return best >= 0 && !triggered.has(best) ? best : null;
}

/** A radius typed by the user: a whole number of metres within the allowed range, else null. */
export function parseRadius(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_RADIUS_M && n <= MAX_RADIUS_M ? n : null;
}

/** '850 m', '2.0 km', '12 km' in the locale ('2,0 km' in French); one decimal under 10 km. */
export function formatDistance(m: number, locale = 'en'): string {
  const digits = m < 10_000 ? 1 : 0;
  return m < 1000
    ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', unitDisplay: 'short' }).format(
        Math.round(m),
      )
    : new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'kilometer',
        unitDisplay: 'short',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(m / 1000);
}
