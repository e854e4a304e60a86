import { tileUrlsAround } from './tiles';

/** One file of a sight's offline pack. */
export interface PackFile {
  url: string;
  kind: 'data' | 'audio' | 'photo' | 'tile';
  /** Asked for with the traveller's token (the API's JSON). */
  auth: boolean;
  /** A pack without it is still useful (a map tile the tile server refused): skipped instead of failing. */
  optional: boolean;
}

export interface PackPlanInput {
  /** The API's base URL, as the pages' requests use it (resolveApiBase()). */
  apiBase: string;
  sightId: string;
  latitude: number;
  longitude: number;
  /** The guide's language (null: the sight has no guide in the traveller's language yet). */
  language: string | null;
  /** Absolute URLs of the guide's station audio files. */
  audio: string[];
  /** Absolute URLs of the sight's photos (the gallery's). */
  photos: string[];
  /** The runtime config's tile template ('' = no tile server: no tiles). */
  tileTemplate: string;
}

/**
 * What a sight's pack holds, each at the very URL the pages ask for, so the service worker can
 * answer them from the pack without a connection: the sight's detail with its stations, its comments, the guide in
 * the chosen language (its transcript is in it), the guide's audio, the photos and the map tiles of the area.
 */
export function packPlan(p: PackPlanInput): PackFile[] {
  const api = p.apiBase.replace(/\/+$/, '');
  const id = encodeURIComponent(p.sightId);
  const files: PackFile[] = [
    { url: `${api}/sights/detail/${id}`, kind: 'data', auth: true, optional: false },
    { url: `${api}/sights/${id}/comments`, kind: 'data', auth: true, optional: true },
  ];
  if (p.language) {
    const query = new URLSearchParams({ language: p.language }).toString();
    files.push({ url: `${api}/sights/${id}/guide?${query}`, kind: 'data', auth: true, optional: false });
  }
  const seen = new Set(files.map((f) => f.url));
  const add = (url: string, kind: PackFile['kind'], optional: boolean) => {
    if (!url || seen.has(url)) return;
    seen.add(url);
    files.push({ url, kind, auth: false, optional });
  };
  for (const u of p.audio) add(u, 'audio', false);
  for (const u of p.photos) add(u, 'photo', true);
  for (const u of tileUrlsAround(p.tileTemplate, p.latitude, p.longitude)) add(u, 'tile', true);
  return files;
}

/** What a file is guessed to weigh when its server does not say (a map tile, a compressed JSON answer). */
export const GUESSED_BYTES: Record<PackFile['kind'], number> = {
  data: 8 * 1024,
  audio: 400 * 1024,
  photo: 150 * 1024,
  tile: 20 * 1024,
};

/** The pack's size before downloading: the sizes the servers gave, a guess for the others. */
export function estimateBytes(files: PackFile[], known: ReadonlyMap<string, number>): number {
  return files.reduce((sum, f) => sum + (known.get(f.url) ?? GUESSED_BYTES[f.kind]), 0);
}
