import fs from 'node:fs/promises';
import { OverpassElement, OverpassResponse, type IngestProvider } from '@wayfarer/contracts';
import { HttpError } from '../http/errors';

/** Where POST /sights/ingest reads map data: an Overpass-compatible service, or a local file in Overpass JSON layout. */
export type IngestSource =
  | { provider: 'overpass'; url: string; timeoutMs: number }
  | { provider: 'local'; file: string };

export interface SourcePoint {
  type: OverpassElement['type'];
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
}

export interface SourceResult {
  provider: IngestProvider;
  /** Elements in the response (before any filtering). */
  total: number;
  /** Elements with coordinates (nodes, or ways and relations with a center). */
  points: SourcePoint[];
}

/** At most this many bytes are read from a remote answer, and this many elements used. */
const MAX_RESPONSE_BYTES = 25 * 1024 * 1024;
const MAX_ELEMENTS = 20_000;

/** 502 with a message the client can show or log; never a stack. */
const sourceError = (m: string) => new HttpError(502, `Ingest source failed: ${m}`, 'ingest_source_failed');

/**
 * Overpass QL for named sights of the four categories within `radiusM` of a point: nodes, ways and relations,
 * ways and relations reduced to their center.
 */
export function overpassQuery(
  lat: number,
  lon: number,
  radiusM: number,
  timeoutS = 25,
  limit = 2000,
): string {
  const around = `(around:${Math.round(radiusM)},${lat.toFixed(6)},${lon.toFixed(6)})`;
  const filters = [
    '["tourism"~"^(museum|gallery|attraction|artwork|viewpoint|ruins|theme_park|zoo|aquarium)$"]',
    '["historic"]["historic"!="no"]',
    '["natural"~"^(peak|volcano|waterfall|beach|cave_entrance|cliff|arch|rock|stone|glacier|bay|cape|spring|hot_spring|geyser|gorge|valley|dune|saddle|ridge)$"]',
    '["leisure"~"^(park|garden|nature_reserve)$"]',
    '["boundary"="national_park"]',
    '["man_made"~"^(lighthouse|tower|obelisk|bridge|windmill|observatory)$"]',
    '["amenity"~"^(fountain|place_of_worship|theatre|planetarium)$"]',
  ];
  const body = filters.map((f) => `  nwr${f}["name"]${around};`).join('\n');
  return `[out:json][timeout:${timeoutS}];\n(\n${body}\n);\nout center tags ${limit};`;
}

/** Parses an Overpass JSON document; odd elements are skipped, a wrong envelope is a 502. */
export function parseOverpass(text: string, provider: IngestProvider): SourceResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw sourceError('the answer is not JSON');
  }
  const env = OverpassResponse.safeParse(json);
  if (!env.success) throw sourceError('the answer is not in Overpass JSON layout (no elements list)');
  const { elements, remark } = env.data;
  if (!elements.length && remark && /error|timed out|runtime/i.test(remark))
    throw sourceError(remark.slice(0, 200));
  const points: SourcePoint[] = [];
  for (const raw of elements.slice(0, MAX_ELEMENTS)) {
    const e = OverpassElement.safeParse(raw);
    if (!e.success) continue;
    const lat = e.data.lat ?? e.data.center?.lat;
    const lon = e.data.lon ?? e.data.center?.lon;
    if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    points.push({ type: e.data.type, id: e.data.id, lat, lon, tags: e.data.tags ?? {} });
  }
  return { provider, total: elements.length, points };
}

/**
 * Reads the source around a point. Remote: POST form data `data=<query>` (the Overpass protocol) with a short time-out
 * so a dead or unreachable service fails fast with a clear 502 instead of hanging the caller. Local: the file, whole
 * (the caller filters by distance).
 */
export async function fetchIngestSource(
  source: IngestSource,
  lat: number,
  lon: number,
  radiusM: number,
  userAgent: string,
): Promise<SourceResult> {
  if (source.provider === 'local') {
    let text: string;
    try {
      text = await fs.readFile(source.file, 'utf8');
    } catch (err) {
      throw sourceError(
        `cannot read the local map-data file (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    return parseOverpass(text, 'local');
  }
  const timeoutS = Math.max(1, Math.floor(source.timeoutMs / 1000));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), source.timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetch(source.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'User-Agent': userAgent,
        },
        body: new URLSearchParams({ data: overpassQuery(lat, lon, radiusM, timeoutS) }).toString(),
        signal: controller.signal,
      });
    } catch (err) {
      if (controller.signal.aborted) throw sourceError(`no answer within ${source.timeoutMs} ms`);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw sourceError(
        `cannot reach the map-data service (${cause?.code ?? cause?.message ?? (err as Error).message})`,
      );
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw sourceError(
        `the map-data service answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      );
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_RESPONSE_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      throw sourceError('the answer is too large');
    }
    let text: string;
    try {
      text = await readCapped(res, MAX_RESPONSE_BYTES);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (controller.signal.aborted) throw sourceError(`no complete answer within ${source.timeoutMs} ms`);
      throw sourceError(`the answer could not be read (${(err as Error).message})`);
    }
    return parseOverpass(text, 'overpass');
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw sourceError('the answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
