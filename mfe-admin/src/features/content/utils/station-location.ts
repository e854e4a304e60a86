/** A station's location as typed in the editor: two text fields, both empty for "no location". */
export interface LocationFields {
  latitude: string;
  longitude: string;
}

export type ParsedLocation =
  | { ok: true; latitude: number | null; longitude: number | null }
  | { ok: false; error: string };

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** The same rules as the API's AdminStationsInput: both or neither, latitude -90..90, longitude -180..180. */
export function parseLocation({ latitude, longitude }: LocationFields): ParsedLocation {
  const la = latitude.trim();
  const lo = longitude.trim();
  if (!la && !lo) return { ok: true, latitude: null, longitude: null };
  if (!la || !lo) return { ok: false, error: 'Enter both latitude and longitude, or clear the location.' };
  if (!DECIMAL.test(la)) return { ok: false, error: 'Latitude must be a decimal number, like 41.8986.' };
  if (!DECIMAL.test(lo)) return { ok: false, error: 'Longitude must be a decimal number, like 12.4769.' };
  const lat = Number(la);
  const lon = Number(lo);
  if (lat < -90 || lat > 90) return { ok: false, error: 'Latitude must be between -90 and 90.' };
  if (lon < -180 || lon > 180) return { ok: false, error: 'Longitude must be between -180 and 180.' };
  return { ok: true, latitude: lat, longitude: lon };
}

/** "41.8986, 12.4769" pasted into one field (the way map apps copy a point) fills both. */
export function splitPair(s: string): LocationFields | null {
  const m = /^\s*([-+]?\d+(?:\.\d+)?)\s*(?:[,;]\s*|\s+)([-+]?\d+(?:\.\d+)?)\s*$/.exec(s);
  return m ? { latitude: m[1]!, longitude: m[2]! } : null;
}
