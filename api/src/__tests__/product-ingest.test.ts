import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { classifyOsmTags } from '../services/osm-tags';
import { overpassQuery, parseOverpass } from '../services/ingest-source';
import { HttpError } from '../http/errors';
import { API_DATA_DIR } from '../services/seed';
import { actors, call, type Actor } from './product-helpers';

const SF = { lat: 37.7749, lon: -122.4194 };
const SAMPLE = path.join(API_DATA_DIR, 'overpass-sample-san-francisco.json');

let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
let tmp: string;
const defaults = { cacheSeconds: 900, maxFetchesPerMinute: 100 };

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-ingest-'));
  s = await startTestServer({ seed: true });
  s.config.ingest = {
    ...s.config.ingest,
    sourceUrl: undefined,
    localFile: SAMPLE,
    timeoutMs: 2000,
    ...defaults,
  };
  a = await actors(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  s.config.ingest = { ...s.config.ingest, sourceUrl: undefined, localFile: SAMPLE, ...defaults };
});

type Item = {
  id: string;
  name: string;
  slug: string;
  description: string;
  city: string | null;
  category_slugs: string[];
  distance_m: number;
};
const nearby = async (lat: number, lon: number, km: number, extra = '') =>
  (await call(s, 'GET', `/sights/nearby?lat=${lat}&lon=${lon}&km=${km}${extra}`, null)).body.items as Item[];
const ingest = (body: unknown, actor: Actor = a.user) => call(s, 'POST', '/sights/ingest', actor, body);
/** A local Overpass-layout file with the given nodes; the server is pointed at it. */
const useFile = (elements: unknown[]) => {
  const file = path.join(tmp, `src-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify({ version: 0.6, elements }));
  s.config.ingest = { ...s.config.ingest, localFile: file };
};

describe('POST /sights/ingest: validation and authorization', () => {
  it('401 without a session, 400 on bad input', async () => {
    expect((await ingest({ ...SF, km: 5 }, a.anon)).status).toBe(401);
    const bad = [
      {},
      { lat: 91, lon: 0 },
      { lat: 'abc', lon: 1 },
      { lat: 1, lon: 200 },
      { ...SF, km: 'x' },
      { ...SF, publish: 'yes' },
      { ...SF, categories: 5 },
    ];
    for (const body of bad) {
      const r = await ingest(body);
      expect(r.status).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    const malformed = await fetch(`${s.url}/sights/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.user.token}`, 'content-type': 'application/json' },
      body: '{"lat":',
    });
    expect(malformed.status).toBe(400);
    const noRemote = await ingest({ ...SF, source: 'remote' });
    expect(noRemote.status).toBe(400);
    expect(noRemote.body.error).toMatch(/INGEST_SOURCE_URL/);
  });
});

describe('POST /sights/ingest from the bundled San Francisco OSM sample', () => {
  let first: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('creates sights that /sights/nearby then returns, with categories, slug, city and a written description', async () => {
    const before = await nearby(SF.lat, SF.lon, 20);
    expect(before.some((i) => i.name === 'Fort Winfield Scott')).toBe(false);

    const r = await ingest({ ...SF, km: 20, km_prev: 5, source: 'explore', publish: true, categories: [] });
    expect(r.status).toBe(200);
    first = r.body;
    expect(first).toMatchObject({
      ok: true,
      source: 'local',
      cached: false,
      km: 20,
      km_prev: 0,
      fetched: 467,
    });
    expect(first.inserted).toBeGreaterThan(100);
    expect(first.inserted_ids).toHaveLength(first.inserted);
    expect(first.inserted + first.duplicates + first.skipped).toBe(467);

    const after = await nearby(SF.lat, SF.lon, 20);
    expect(after.length).toBeGreaterThan(before.length);
    const fort = after.find((i) => i.name === 'Fort Winfield Scott')!;
    expect(fort).toMatchObject({
      id: 'osm-node-140982962',
      slug: 'fort-winfield-scott',
      city: 'San Francisco',
      category_slugs: ['historic'],
    });
    expect(fort.description).toBe('Fort Winfield Scott is a fortress in San Francisco, United States.');
    expect(Math.abs(fort.distance_m - 5611)).toBeLessThan(20);
    // Filters and aliases work on ingested rows: the Exploratorium is a museum, Fort Winfield Scott historic.
    const museums = await nearby(SF.lat, SF.lon, 20, '&categories=museum');
    expect(museums.some((i) => i.name === 'Exploratorium')).toBe(true);
    expect(museums.every((i) => i.category_slugs.includes('museum'))).toBe(true);
    const history = await nearby(SF.lat, SF.lon, 20, '&type=history');
    expect(history.some((i) => i.name === 'Fort Winfield Scott')).toBe(true);
    // Outside 20 km (The Rock in Berkeley is 18.5 km away; nothing beyond 20 km was stored).
    expect(after.some((i) => i.name === 'The Rock')).toBe(true);
    expect(after.every((i) => i.distance_m <= 20_000)).toBe(true);
  });

  it('does not duplicate a seeded sight with the same name within 120 m, nor repeated OSM nodes', async () => {
    const alcatraz = (await nearby(37.8267, -122.423, 1)).filter((i) => i.name === 'Alcatraz Island');
    expect(alcatraz).toHaveLength(1);
    expect(alcatraz[0]!.id).toBe('wd-Q131354');
    const russian = (await nearby(SF.lat, SF.lon, 20)).filter((i) => i.name === 'Museum of Russian Culture');
    expect(russian).toHaveLength(1);
    // Three 'Battery Chester' nodes within 115 m become one sight.
    const chester = (await nearby(SF.lat, SF.lon, 20)).filter((i) => i.name === 'Battery Chester');
    expect(chester).toHaveLength(1);
  });

  it('a repeated call for a covered disc is answered from the ingest log without fetching', async () => {
    const count = (await nearby(SF.lat, SF.lon, 20)).length;
    const r = await ingest({ ...SF, km: 5, source: 'explore' });
    expect(r.body).toMatchObject({ ok: true, cached: true, inserted: 0, fetched: 0 });
    expect((await nearby(SF.lat, SF.lon, 20)).length).toBe(count);
  });

  it('is idempotent when fetched again: nothing inserted, every earlier row recognised', async () => {
    s.config.ingest = { ...s.config.ingest, cacheSeconds: 0 };
    const count = (await nearby(SF.lat, SF.lon, 20)).length;
    const r = await ingest({ ...SF, km: 20 });
    expect(r.body).toMatchObject({ ok: true, cached: false, inserted: 0, fetched: 467 });
    expect(r.body.unchanged + r.body.updated).toBe(first.inserted);
    expect(r.body.duplicates).toBe(first.duplicates);
    expect((await nearby(SF.lat, SF.lon, 20)).length).toBe(count);
  });

  it('clamps km to 20', async () => {
    s.config.ingest = { ...s.config.ingest, cacheSeconds: 0 };
    const r = await ingest({ ...SF, km: 500 });
    expect(r.status).toBe(200);
    expect(r.body.km).toBe(20);
  });
});

describe('POST /sights/ingest: names, slugs, categories, publish', () => {
  // A quiet spot in the Pacific so only these nodes are around.
  const P = { lat: -20.5, lon: -140.5 };
  const node = (id: number, dLatM: number, tags: Record<string, string>) => ({
    type: 'node',
    id,
    lat: P.lat + dLatM / 111_320,
    lon: P.lon,
    tags,
  });

  it('dedupes against stored sights by normalized name within 120 m only', async () => {
    useFile([node(9001, 0, { name: 'Pacific Lookout', tourism: 'viewpoint' })]);
    expect((await ingest({ ...P, km: 5 })).body.inserted).toBe(1);
    s.config.ingest = { ...s.config.ingest, cacheSeconds: 0 };
    useFile([
      node(9002, 80, { name: 'PACIFIC   lookout!', tourism: 'viewpoint' }), // same normalized name, 80 m away
      node(9003, 900, { name: 'Pacific Lookout', tourism: 'viewpoint' }), // same name, 900 m away: another place
    ]);
    const r = await ingest({ ...P, km: 5 });
    expect(r.body).toMatchObject({ inserted: 1, duplicates: 1, inserted_ids: ['osm-node-9003'] });
    const items = (await nearby(P.lat, P.lon, 5)).filter((i) =>
      i.name.toLowerCase().includes('pacific lookout'),
    );
    expect(items.map((i) => i.id).sort()).toEqual(['osm-node-9001', 'osm-node-9003']);
    // Same slug base: the second one gets a suffix.
    expect(items.find((i) => i.id === 'osm-node-9001')!.slug).toBe('pacific-lookout');
    expect(items.find((i) => i.id === 'osm-node-9003')!.slug).toBe('pacific-lookout-node-9003');
  });

  it('caps slugs at 80 characters, maps aliases, honours categories and publish', async () => {
    s.config.ingest = { ...s.config.ingest, cacheSeconds: 0 };
    const long =
      'The Remarkably Long Named Memorial Garden of the Southern Pacific Ocean Islands and Reefs Heritage Trust';
    useFile([
      node(9101, 2000, { name: long, historic: 'memorial' }),
      node(9102, 2100, { name: 'Reef Museum', tourism: 'museum' }),
      node(9103, 2200, { name: 'Coral Point', sight: 'nature' }),
      node(9104, 2300, { name: 'Unnamed thing' }),
      node(9105, 2400, { tourism: 'viewpoint' }),
      node(9106, 2500, { name: 'Hidden Arch', natural: 'arch' }),
    ]);
    const onlyHistory = await ingest({ ...P, km: 5, categories: 'history' });
    expect(onlyHistory.body.inserted_ids).toEqual(['osm-node-9101']);
    const rest = await ingest({ ...P, km: 5, categories: ['museum', 'natural'] });
    expect(rest.body.inserted_ids.sort()).toEqual(['osm-node-9102', 'osm-node-9103', 'osm-node-9106']);
    const items = await nearby(P.lat, P.lon, 5);
    const memorial = items.find((i) => i.id === 'osm-node-9101')!;
    expect(memorial.slug.length).toBeLessThanOrEqual(80);
    expect(memorial.slug).toMatch(/^the-remarkably-long-named-memorial-garden/);
    expect(items.find((i) => i.id === 'osm-node-9103')!.category_slugs).toEqual(['scenery']);
    expect(items.find((i) => i.id === 'osm-node-9102')!.description).toContain('Reef Museum is a museum');

    useFile([node(9201, 3000, { name: 'Draft Cove', natural: 'bay' })]);
    const hidden = await ingest({ ...P, km: 5, publish: false });
    expect(hidden.body.inserted_ids).toEqual(['osm-node-9201']);
    expect((await nearby(P.lat, P.lon, 5)).some((i) => i.id === 'osm-node-9201')).toBe(false);
    expect((await call(s, 'GET', '/sights/detail/osm-node-9201', null)).status).toBe(404);
  });

  it('caps source fetches per user per minute with 429 (cached answers do not count)', async () => {
    s.config.ingest = { ...s.config.ingest, cacheSeconds: 0, maxFetchesPerMinute: 2 };
    useFile([]);
    const me = a.other;
    expect((await ingest({ lat: 10, lon: 10, km: 1 }, me)).status).toBe(200);
    expect((await ingest({ lat: 10, lon: 10, km: 1 }, me)).status).toBe(200);
    const third = await ingest({ lat: 10, lon: 10, km: 1 }, me);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/Too many ingest requests/);
    expect((await ingest({ lat: 10, lon: 10, km: 1 }, a.admin)).status).toBe(200);
  });
});

describe('POST /sights/ingest from an Overpass-compatible service', () => {
  let server: http.Server;
  let url: string;
  let mode: 'ok' | 'error' | 'hang' | 'garbage' = 'ok';
  const seen: string[] = [];

  beforeAll(async () => {
    const body = fs.readFileSync(SAMPLE);
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.headers['content-type']} ${data}`);
        if (mode === 'hang') return; // never answers
        if (mode === 'error')
          return void res.writeHead(504, { 'content-type': 'text/plain' }).end('gateway timeout');
        if (mode === 'garbage')
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"nope":true}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/interpreter`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('POSTs an Overpass query as form data and stores what comes back', async () => {
    s.config.ingest = { ...s.config.ingest, sourceUrl: url, cacheSeconds: 0, timeoutMs: 2000 };
    mode = 'ok';
    // Oakland: the sample also covers the East Bay; a 3 km disc there holds only part of it.
    const r = await ingest({ lat: 37.8044, lon: -122.2712, km: 3, source: 'explore' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, source: 'overpass', fetched: 467 });
    const sent = seen.at(-1)!;
    expect(sent).toMatch(/^POST application\/x-www-form-urlencoded data=/);
    const query = new URLSearchParams(sent.split(' ').slice(2).join(' ')).get('data')!;
    expect(query).toContain('[out:json]');
    expect(query).toContain('around:3000,37.804400,-122.271200');
  });

  it('fails fast with 502 and a clear message when the service errors, hangs, is down or answers garbage', async () => {
    s.config.ingest = { ...s.config.ingest, sourceUrl: url, cacheSeconds: 0, timeoutMs: 600 };
    mode = 'error';
    const e = await ingest({ lat: 1, lon: 1, km: 2 });
    expect(e.status).toBe(502);
    expect(e.body.error).toBe('Ingest source failed: the map-data service answered HTTP 504 Gateway Timeout');

    mode = 'hang';
    const t0 = Date.now();
    const h = await ingest({ lat: 1, lon: 1, km: 2 });
    expect(h.status).toBe(502);
    expect(h.body.error).toBe('Ingest source failed: no answer within 600 ms');
    expect(Date.now() - t0).toBeLessThan(3000);

    mode = 'garbage';
    const g = await ingest({ lat: 1, lon: 1, km: 2 });
    expect(g.status).toBe(502);
    expect(g.body.error).toMatch(/not in Overpass JSON layout/);

    s.config.ingest = { ...s.config.ingest, sourceUrl: 'http://127.0.0.1:9/api/interpreter' };
    const d = await ingest({ lat: 1, lon: 1, km: 2 });
    expect(d.status).toBe(502);
    expect(d.body.error).toMatch(/^Ingest source failed: cannot reach the map-data service/);
  });

  it("source 'local' still reads the bundled file when a service is configured", async () => {
    s.config.ingest = { ...s.config.ingest, sourceUrl: url, cacheSeconds: 0 };
    const before = seen.length;
    const r = await ingest({ ...SF, km: 2, source: 'local' });
    expect(r.body.source).toBe('local');
    expect(seen.length).toBe(before);
  });
});

describe('OSM tag mapping and Overpass parsing', () => {
  it('maps tags to the four categories with the spec aliases, museum first', () => {
    expect(classifyOsmTags({ tourism: 'museum', historic: 'building' })?.categories).toEqual([
      'museum',
      'historic',
    ]);
    expect(classifyOsmTags({ historic: 'fort' })).toMatchObject({
      categories: ['historic'],
      hint: 'historic=fort',
      writerKind: 'fortress',
    });
    expect(classifyOsmTags({ tourism: 'viewpoint' })?.categories).toEqual(['scenery']);
    expect(classifyOsmTags({ natural: 'peak' })?.writerKind).toBe('mountain');
    expect(classifyOsmTags({ tourism: 'artwork' })?.categories).toEqual(['landmark']);
    expect(classifyOsmTags({ sight: 'natural' })?.categories).toEqual(['scenery']);
    expect(classifyOsmTags({ category: 'historical' })?.categories).toEqual(['historic']);
    expect(classifyOsmTags({ historic: 'no', amenity: 'pub' })).toBeNull();
    expect(classifyOsmTags({ tourism: 'hotel' })).toBeNull();
    expect(
      classifyOsmTags({ tourism: 'attraction', wikimedia_commons: 'File:Alcatraz Island.jpg' })
        ?.coverImageUrl,
    ).toBe('https://commons.wikimedia.org/wiki/Special:FilePath/Alcatraz_Island.jpg?width=640');
  });

  it('builds an around query and parses ways by their center; bad envelopes are 502', () => {
    expect(overpassQuery(48.8584, 2.2945, 5000)).toMatch(
      /nwr\["tourism"~.*\]\["name"\]\(around:5000,48\.858400,2\.294500\);/,
    );
    const parsed = parseOverpass(
      JSON.stringify({
        elements: [
          { type: 'way', id: 5, center: { lat: 1, lon: 2 }, tags: { name: 'W' } },
          { type: 'node', id: 6 },
          { type: 'bogus', id: 7, lat: 1, lon: 1 },
        ],
      }),
      'overpass',
    );
    expect(parsed.total).toBe(3);
    expect(parsed.points).toEqual([{ type: 'way', id: 5, lat: 1, lon: 2, tags: { name: 'W' } }]);
    expect(() => parseOverpass('not json', 'overpass')).toThrow(HttpError);
    expect(() =>
      parseOverpass('{"elements":[],"remark":"runtime error: Query timed out"}', 'overpass'),
    ).toThrow(/Query timed out/);
  });
});
