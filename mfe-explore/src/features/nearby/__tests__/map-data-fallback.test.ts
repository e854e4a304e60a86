import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import {
  buildOverpassQuery,
  fetchMapDataFallback,
  parseOverpass,
  resetFallbackLimiter,
} from '../api/map-data-api';

// The repo's copy of the OSM sample (api/data, ODbL), never a path outside the clone.
const sample = JSON.parse(
  readFileSync(
    new URL('../../../../../api/data/overpass-sample-san-francisco.json', import.meta.url),
    'utf8',
  ),
);
const SF = { lat: 37.7749, lon: -122.4194, km: 5, type: 'all' as const };

const okFetch = () =>
  jest.fn(
    async (_u: RequestInfo | URL, _i?: RequestInit) => new Response(JSON.stringify(sample), { status: 200 }),
  ) as unknown as jest.Mock<typeof fetch> & typeof fetch;

describe('map-data fallback', () => {
  beforeEach(() => resetFallbackLimiter());

  it('parses Overpass JSON sorted by distance, at most 60 per type and 120 overall', () => {
    const out = parseOverpass(sample, SF.lat, SF.lon);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThanOrEqual(120);
    for (let i = 1; i < out.length; i++)
      expect(out[i]!.distance_m!).toBeGreaterThanOrEqual(out[i - 1]!.distance_m!);
    const perType = new Map<string, number>();
    for (const p of out) perType.set(p.category_hint!, (perType.get(p.category_hint!) ?? 0) + 1);
    for (const n of perType.values()) expect(n).toBeLessThanOrEqual(60);
  });

  it('posts form data and is rate limited to once per 60 s', async () => {
    const f = okFetch();
    const first = await fetchMapDataFallback(SF, { url: 'http://x/api/interpreter', fetchImpl: f });
    expect(first?.length).toBeGreaterThan(0);
    const init = (f as unknown as jest.Mock).mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(String(init.body)).toMatch(/^data=/);
    const second = await fetchMapDataFallback(SF, { url: 'http://x/api/interpreter', fetchImpl: f });
    expect(second).toBeNull();
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('is off when the URL is empty', async () => {
    const f = okFetch();
    expect(await fetchMapDataFallback(SF, { url: '', fetchImpl: f })).toBeNull();
    expect(f).not.toHaveBeenCalled();
  });

  it('builds an around query for each category', () => {
    expect(buildOverpassQuery(1, 2, 5, 'museum')).toContain('around:5000,1,2');
    expect(buildOverpassQuery(1, 2, 5, 'all').match(/out center 60/g)).toHaveLength(4);
  });
});
