import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SearchResponse, type SearchResult } from '@wayfarer/contracts';
import { queryPieces, seedSightNames } from '../services/search';
import { startTestServer, type TestServer } from '../testing/test-server';

// Each case runs against both engines: the in-process index (what answers once the nearby grid is built) and SQL
// (before that, or with NEARBY_INDEX=sql); the header says which one answered.
describe.each([['index' as const], ['sql' as const]])('GET /search from %s', (engine) => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer({ seed: true, config: { nearbyIndex: engine === 'index' ? 'memory' : 'sql' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-search-'));
    // Two sights of one name, far apart, for the nearness order.
    await s.db.query(
      `INSERT INTO public.sights (id, slug, name, normalized_name, latitude, longitude, category_slugs, city, country, country_code)
     VALUES ('t-twin-a', 't-twin-a', 'Zwillingsturm Quarzberg', 'zwillingsturm quarzberg', 47.0, 8.0, '{landmark}', 'Luzern', 'Switzerland', 'CH'),
            ('t-twin-b', 't-twin-b', 'Zwillingsturm Quarzberg', 'zwillingsturm quarzberg', 35.0, 139.0, '{landmark}', 'Tokyo', 'Japan', 'JP')`,
    );
    // The index is built by its first use; this waits for it (and for the rows above) as a request after a write would.
    await s.app.deps.sightIndex.current();
    await synced();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until the index has applied every write made so far straight to the database (the server's fence). */
  const synced = async () => {
    await s.app.deps.sightIndex.fence();
    await s.app.deps.sightIndex.settled();
  };

  const search = async (qs: string) => {
    const r = await fetch(`${s.url}/search?${qs}`);
    const body = (await r.json()) as { items: SearchResult[] };
    if (r.status === 200) {
      SearchResponse.parse(body);
      expect(r.headers.get('x-search-source')).toBe(engine);
    }
    return { status: r.status, body };
  };
  const first = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).body.items[0];

  it('finds a misspelt sight first: "colloseum" is the Colosseum', async () => {
    const top = await first('colloseum');
    expect(top).toMatchObject({ kind: 'sight', id: 'wd-Q10285', name: 'Colosseum', category: 'landmark' });
    expect(top.city).toBe('Roma');
    expect(top.distance_km).toBeNull();
  });

  it.each([
    ['a letter changed', 'colosseun', 'wd-Q10285'],
    ['a letter added', 'colossseum', 'wd-Q10285'],
    ['a letter dropped', 'colosseu', 'wd-Q10285'],
    ['the first letter changed', 'kolosseum', 'wd-Q10285'],
    ['a typo in the second word', 'sagrada famlia', 'wd-Q48435'],
  ])('finds a misspelt name first whatever the typo: %s ("%s")', async (_, q, id) => {
    expect(await first(q)).toMatchObject({ kind: 'sight', id });
  });

  it('is accent-insensitive: "sagrada familia" is the Sagrada Família, and "SAGRADA FAMÍLIA" too', async () => {
    expect(await first('sagrada familia')).toMatchObject({ id: 'wd-Q48435', name: 'Sagrada Família' });
    expect(await first('SAGRADA  FAMÍLIA!')).toMatchObject({ id: 'wd-Q48435' });
  });

  it('finds a sight by the beginning of its name while one types: "eiffel" is the Eiffel Tower', async () => {
    expect(await first('eiffel')).toMatchObject({ kind: 'sight', id: 'wd-Q243', name: 'Eiffel Tower' });
    expect(await first('eiff')).toMatchObject({ id: 'wd-Q243' });
  });

  it('lists places beside sights: a place named exactly as asked first, places at most half the list', async () => {
    const { status, body } = await search('q=Paris&limit=10');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({ kind: 'place', name: 'Paris', country: 'France', category: null });
    expect(body.items.filter((i) => i.kind === 'place').length).toBe(5);
    expect(body.items.filter((i) => i.kind === 'sight').length).toBe(5);
    // A misspelt sight beats a place that merely starts with the same letters.
    const colo = (await search('q=colloseum&limit=10')).body.items;
    expect(colo[0]!.kind).toBe('sight');
  });

  it('ranks the nearer of two sights of one name first when a point is sent, with distances', async () => {
    const nearLucerne = (await search('q=zwillingsturm%20quarzberg&lat=47.05&lon=8.3')).body.items;
    expect(nearLucerne.map((i) => i.id).slice(0, 2)).toEqual(['t-twin-a', 't-twin-b']);
    expect(nearLucerne[0]!.distance_km).toBeGreaterThan(15);
    expect(nearLucerne[0]!.distance_km).toBeLessThan(30);
    const nearTokyo = (await search('q=zwillingsturm%20quarzberg&lat=35.68&lon=139.7')).body.items;
    expect(nearTokyo.map((i) => i.id).slice(0, 2)).toEqual(['t-twin-b', 't-twin-a']);
  });

  it('finds a sight by its name in another language (sight_names, loaded from the names file)', async () => {
    // Not yet: no names loaded, and the Arabic name shares no letter with the English one.
    expect((await first('الكولوسيوم'))?.id).not.toBe('wd-Q10285');
    const file = path.join(dir, 'sight-names.csv');
    fs.writeFileSync(
      file,
      'id,lang,name\nwd-Q10285,de,Kolosseum\nwd-Q10285,ar,الكولوسيوم\nwd-Q243,fr,Tour Eiffel\nno-such-sight,de,Nirgendwo\n',
    );
    expect(await seedSightNames(s.db, file)).toBe(3);
    // Once filled, the loader leaves the table alone (it runs at every start).
    expect(await seedSightNames(s.db, file)).toBe(0);
    await synced();
    expect(await first('kolloseum')).toMatchObject({ id: 'wd-Q10285', name: 'Colosseum' });
    expect(await first('الكولوسيوم')).toMatchObject({ id: 'wd-Q10285' });
    expect(await first('tour eifel')).toMatchObject({ id: 'wd-Q243' });
  });

  it('a missing names file loads nothing', async () => {
    expect(await seedSightNames(s.db, path.join(dir, 'absent.csv'))).toBe(0);
  });

  it('keeps to the limit (default 8, at most 20), and a short query answers too', async () => {
    expect((await search('q=museum')).body.items).toHaveLength(8);
    expect((await search('q=museum&limit=20')).body.items).toHaveLength(20);
    expect((await search('q=museum&limit=3')).body.items).toHaveLength(3);
    const short = await search('q=lo');
    expect(short.status).toBe(200);
    expect(short.body.items.length).toBeGreaterThan(0);
    expect((await search('q=%21%21%21')).body.items).toEqual([]);
  });

  it('hides hidden and merged sights', async () => {
    // Asked once before, so a remembered answer would still list it.
    const before = (await search('q=zwillingsturm%20quarzberg')).body.items;
    expect(before.map((i) => i.id).sort()).toEqual(['t-twin-a', 't-twin-b']);
    await s.db.query(`UPDATE public.sights SET hidden = true WHERE id = 't-twin-b'`);
    await synced();
    const items = (await search('q=zwillingsturm%20quarzberg')).body.items;
    expect(items.map((i) => i.id)).toEqual(['t-twin-a']);
  });

  it.each([
    ['no query', ''],
    ['an empty query', 'q='],
    ['a blank query', 'q=%20%20'],
    ['a query over 100 characters', `q=${'a'.repeat(101)}`],
    ['a NUL in the query', 'q=col%00osseum'],
    ['limit 0', 'q=eiffel&limit=0'],
    ['limit 21', 'q=eiffel&limit=21'],
    ['a limit that is no number', 'q=eiffel&limit=abc'],
    ['lat without lon', 'q=eiffel&lat=48.8'],
    ['lon without lat', 'q=eiffel&lon=2.3'],
    ['lat out of range', 'q=eiffel&lat=91&lon=2'],
    ['lon no number', 'q=eiffel&lat=48&lon=east'],
  ])('answers 400 for %s', async (_what, qs) => {
    const r = await fetch(`${s.url}/search?${qs}`);
    expect(r.status).toBe(400);
    const body = (await r.json()) as { message: string };
    expect(typeof body.message).toBe('string');
  });
});

describe('queryPieces', () => {
  it('cuts a query into three runs from nine letters, two from six, none below', () => {
    expect(queryPieces('colloseum')).toEqual(['col', 'los', 'eum']);
    expect(queryPieces('eiffel')).toEqual(['eif', 'fel']);
    expect(queryPieces('rome')).toEqual([]);
    expect(queryPieces('sagrada famlia').join('')).toBe('sagrada famlia');
  });
});
