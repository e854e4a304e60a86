import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { API_DATA_DIR } from '../services/seed';
import { NearbySightGrid } from '../services/nearby-sight-grid';
import { findNearby, type NearbyOptions } from '../services/sights';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, call, type Actors } from './product-helpers';

/**
 * GET /sights/nearby answers from the in-memory NearbySightGrid once it is built. These tests hold it to the SQL
 * query it replaces (same items, same order, same fields) and to freshness: every write through the API is
 * visible to the next nearby request, and writes made straight in the database arrive through NOTIFY.
 */

let s: TestServer;
let a: Actors;

type Item = {
  id: string;
  name: string;
  distance_m: number;
  distance_km: number;
  rating_avg: number;
  ratings_count: number;
  city: string | null;
};

const nearby = async (q: string) => {
  const r = await fetch(`${s.url}/sights/nearby?${q}`);
  expect(r.status).toBe(200);
  return { source: r.headers.get('x-nearby-source'), items: ((await r.json()) as { items: Item[] }).items };
};

/** Asks once so the index builds, then waits for it. */
async function indexReady(t: TestServer) {
  await fetch(`${t.url}/sights/nearby?lat=0&lon=0&km=1`);
  await t.app.deps.sightIndex.settled();
  expect(t.app.deps.sightIndex.state).toBe('ready');
}

function mulberry32(seed: number) {
  let x = seed;
  return () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const insertSight = (id: string, name: string, lat: number, lon: number, category = 'landmark') =>
  s.db.query(
    `INSERT INTO public.sights (id, slug, name, normalized_name, latitude, longitude, category_slugs, category_hint, source)
     VALUES ($1, left($1, 80), $2, lower($2), $3, $4, ARRAY[$5], $5, 'test')`,
    [id, name, lat, lon, category],
  );

/** Direct database writes are not fenced by a request: they arrive through NOTIFY, soon. */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the index did not catch up within 5 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  s = await startTestServer({ seed: true });
  s.config.ingest = {
    ...s.config.ingest,
    sourceUrl: undefined,
    localFile: path.join(API_DATA_DIR, 'overpass-sample-san-francisco.json'),
    cacheSeconds: 900,
    maxFetchesPerMinute: 100,
  };
  a = await actors(s);
  await indexReady(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('the in-memory nearby index', () => {
  it('answers the Paris request from memory with the same items as the SQL query', async () => {
    const r = await nearby('lat=48.8584&lon=2.2945&km=5');
    expect(r.source).toBe('index');
    expect(r.items.length).toBeGreaterThanOrEqual(60);
    expect(r.items.some((i) => i.name === 'Eiffel Tower')).toBe(true);
    const sql = await findNearby(s.db, { lat: 48.8584, lon: 2.2945, km: 5, categories: [], limit: 500 });
    expect(r.items).toEqual(JSON.parse(JSON.stringify(sql)));
  });

  it('matches SQL item for item at 300 random places, radii, category filters and limits', async () => {
    const { rows: anchors } = await s.db.query<{ latitude: number; longitude: number }>(
      'SELECT latitude, longitude FROM public.sights ORDER BY id',
    );
    const rnd = mulberry32(7);
    const cats = ['landmark', 'museum', 'scenery', 'historic'];
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const p = anchors[Math.floor(rnd() * anchors.length)]!;
      const o: NearbyOptions = {
        lat: Math.max(-90, Math.min(90, p.latitude + (rnd() - 0.5) * 0.2)),
        lon: Math.max(-180, Math.min(180, p.longitude + (rnd() - 0.5) * 0.2)),
        km: 1 + Math.floor(rnd() * 20),
        categories: rnd() < 0.3 ? [cats[Math.floor(rnd() * 4)]!] : rnd() < 0.1 ? ['museum', 'historic'] : [],
        limit: rnd() < 0.2 ? 1 + Math.floor(rnd() * 20) : 500,
      };
      const mem = (JSON.parse(s.app.deps.sightIndex.query(o).toString()) as { items: unknown[] }).items;
      const sql = JSON.parse(JSON.stringify(await findNearby(s.db, o))) as unknown[];
      expect({ o, items: mem }).toEqual({ o, items: sql });
      compared += sql.length;
    }
    expect(compared).toBeGreaterThan(1500);
  });

  it('finds sights across the antimeridian and around a pole like SQL does', async () => {
    await insertSight('t-east', 'East of the date line', -16.5, 179.99);
    await insertSight('t-west', 'West of the date line', -16.5, -179.99);
    await insertSight('t-pole', 'Near the north pole', 89.95, 45);
    await insertSight('t-pole2', 'Across the north pole', 89.95, -135);
    await s.app.deps.sightIndex.fence();
    for (const o of [
      { lat: -16.5, lon: 180, km: 5 },
      { lat: -16.5, lon: -179.999, km: 5 },
      { lat: 90, lon: 0, km: 20 },
      { lat: 89.97, lon: 100, km: 12 },
    ]) {
      const opts = { ...o, categories: [], limit: 500 };
      const mem = (JSON.parse(s.app.deps.sightIndex.query(opts).toString()) as { items: Item[] }).items;
      expect(mem).toEqual(JSON.parse(JSON.stringify(await findNearby(s.db, opts))));
      expect(mem.length).toBeGreaterThanOrEqual(1);
    }
    const dateLine = (
      JSON.parse(
        s.app.deps.sightIndex.query({ lat: -16.5, lon: 180, km: 5, categories: [], limit: 500 }).toString(),
      ) as { items: Item[] }
    ).items;
    expect(dateLine.map((i) => i.id).sort()).toEqual(['t-east', 't-west']);
    const pole = (
      JSON.parse(
        s.app.deps.sightIndex.query({ lat: 90, lon: 0, km: 20, categories: [], limit: 500 }).toString(),
      ) as { items: Item[] }
    ).items;
    expect(pole.map((i) => i.id).sort()).toEqual(['t-pole', 't-pole2']);
  });

  it('shows sights an ingest added in the very next request', async () => {
    const before = await nearby('lat=37.7946&lon=-122.3999&km=3');
    const r = await call(s, 'POST', '/sights/ingest', a.user, { lat: 37.7946, lon: -122.3999, km: 3 });
    expect(r.status).toBe(200);
    const after = await nearby('lat=37.7946&lon=-122.3999&km=3');
    expect(after.source).toBe('index');
    expect(after.items.length).toBeGreaterThan(before.items.length);
    const sql = await findNearby(s.db, { lat: 37.7946, lon: -122.3999, km: 3, categories: [], limit: 500 });
    expect(after.items).toEqual(JSON.parse(JSON.stringify(sql)));
  });

  it('drops a sight an admin hides, and brings it back, in the very next request', async () => {
    const q = 'lat=48.8584&lon=2.2945&km=1';
    expect((await nearby(q)).items.some((i) => i.id === 'wd-Q243')).toBe(true);
    expect((await call(s, 'POST', '/admin/sights/wd-Q243/hide', a.admin)).status).toBe(200);
    expect((await nearby(q)).items.some((i) => i.id === 'wd-Q243')).toBe(false);
    expect((await call(s, 'POST', '/admin/sights/wd-Q243/unhide', a.admin)).status).toBe(200);
    expect((await nearby(q)).items.some((i) => i.id === 'wd-Q243')).toBe(true);
  });

  it('shows a new rating in the very next request', async () => {
    const q = 'lat=48.8584&lon=2.2945&km=1';
    const eiffel = () => nearby(q).then((r) => r.items.find((i) => i.id === 'wd-Q243')!);
    const was = await eiffel();
    const posted = await call(s, 'POST', '/sights/wd-Q243/comments', a.other, {
      body: 'Worth the queue.',
      rating: 5,
    });
    expect(posted.status).toBeLessThan(300);
    const now = await eiffel();
    expect(now.ratings_count).toBe(was.ratings_count + 1);
    const { rows } = await s.db.query<{ rating_avg: number }>(
      'SELECT rating_avg::float8 AS rating_avg FROM public.sights WHERE id = $1',
      ['wd-Q243'],
    );
    expect(now.rating_avg).toBe(rows[0]!.rating_avg);
  });

  it('follows inserts, updates and deletes made straight in the database (NOTIFY)', async () => {
    const q = 'lat=10.001&lon=20.001&km=2';
    expect((await nearby(q)).items).toEqual([]);
    await insertSight('t-direct', 'Written by psql', 10, 20);
    await eventually(async () => (await nearby(q)).items.some((i) => i.id === 't-direct'));
    await s.db.query(`UPDATE public.sights SET city = 'Elsewhere' WHERE id = 't-direct'`);
    await eventually(
      async () => (await nearby(q)).items.find((i) => i.id === 't-direct')?.city === 'Elsewhere',
    );
    await s.db.query(`DELETE FROM public.sights WHERE id = 't-direct'`);
    await eventually(async () => (await nearby(q)).items.length === 0);
    expect((await nearby(q)).source).toBe('index');
  });

  it('answers a repeated query from its recent answers, and forgets them at the next change', async () => {
    const q = 'lat=41.8902&lon=12.4922&km=2';
    const stats = s.app.deps.sightIndex.answerStats;
    const first = await nearby(q);
    const hits = stats.hits;
    const again = await nearby(q);
    expect(stats.hits).toBe(hits + 1);
    expect(again).toEqual(first);
    await insertSight('t-rome', 'A new sight by the Colosseum', 41.8903, 12.4923);
    await s.app.deps.sightIndex.fence();
    const misses = stats.misses;
    const after = await nearby(q);
    expect(stats.misses).toBe(misses + 1);
    expect(after.items.some((i) => i.id === 't-rome')).toBe(true);
    const sql = await findNearby(s.db, { lat: 41.8902, lon: 12.4922, km: 2, categories: [], limit: 500 });
    expect(after.items).toEqual(JSON.parse(JSON.stringify(sql)));
  });

  it('rebuilds from scratch when an id is too long to notify', async () => {
    const long = `t-${'x'.repeat(220)}`;
    await insertSight(long, 'A very long id', -30, -60);
    await eventually(async () => (await nearby('lat=-30&lon=-60&km=1')).items.some((i) => i.id === long));
  });
});

describe('NEARBY_INDEX=sql', () => {
  it('always answers from SQL, with the same items', async () => {
    const t = await startTestServer({ seed: true, config: { nearbyIndex: 'sql' } });
    try {
      const r = await fetch(`${t.url}/sights/nearby?lat=48.8584&lon=2.2945&km=5`);
      expect(r.headers.get('x-nearby-source')).toBe('sql');
      expect(t.app.deps.sightIndex.state).toBe('off');
      const items = ((await r.json()) as { items: Item[] }).items;
      const mem = await nearby('lat=48.8584&lon=2.2945&km=5');
      expect(items.map((i) => i.id)).toEqual(mem.items.map((i) => i.id));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('NearbySightGrid without a working change feed (unit, fake database)', () => {
  const row = { id: 'a', slug: 'a', name: 'A', latitude: 1, longitude: 2, category_slugs: ['landmark'] };
  function fakeDb(listen: (onPayload: (p: string) => void, onLost: (e: Error) => void) => void) {
    const queries: string[] = [];
    const db = {
      kind: 'postgres' as const,
      queries,
      async query(sql: string) {
        queries.push(sql);
        return { rows: sql.includes('FROM public.sights') ? [row] : [], rowCount: 0 } as never;
      },
      async transaction() {
        throw new Error('unused');
      },
      async close() {},
      async listen(_c: string, onPayload: (p: string) => void, onLost?: (e: Error) => void) {
        listen(onPayload, onLost ?? (() => {}));
        return async () => {};
      },
    };
    return db;
  }
  const o = { lat: 1, lon: 2, km: 5, categories: [], limit: 10 };

  it('turns itself off (SQL answers) when its own fence marker never arrives, e.g. behind a transaction pooler', async () => {
    const warnings: string[] = [];
    const idx = new NearbySightGrid(
      fakeDb(() => {}),
      { enabled: true, warn: (m) => warnings.push(m), fenceTimeoutMs: 50 },
    );
    expect(await idx.nearby(o)).toBeNull(); // building
    await idx.settled();
    expect(JSON.parse((await idx.nearby(o))!.toString())).toEqual({
      items: [expect.objectContaining({ id: 'a', distance_m: 0 })],
    });
    await idx.fence();
    expect(idx.state).toBe('off');
    expect(await idx.nearby(o)).toBeNull();
    expect(warnings.join('\n')).toMatch(/transaction pooler/);
  });

  it('answers from SQL after losing its LISTEN connection, then rebuilds', async () => {
    let lose: (e: Error) => void = () => {};
    const db = fakeDb((_p, onLost) => {
      lose = onLost;
    });
    const idx = new NearbySightGrid(db, { enabled: true });
    await idx.nearby(o);
    await idx.settled();
    expect(idx.state).toBe('ready');
    lose(new Error('connection reset'));
    expect(idx.state).toBe('idle');
    expect(await idx.nearby(o)).toBeNull(); // starts the rebuild
    await idx.settled();
    expect(idx.state).toBe('ready');
    expect(await idx.nearby(o)).not.toBeNull();
    expect(db.queries.filter((q) => q.includes('WHERE NOT s.hidden')).length).toBe(2);
  });

  it('fence() waits for changes notified late (another connection) before a write answers', async () => {
    const rows = [row];
    let deliver: (p: string) => void = () => {};
    const db = {
      kind: 'postgres' as const,
      async query(sql: string, params: unknown[] = []) {
        if (sql.includes('pg_notify')) setTimeout(() => deliver(String(params[1])), 40);
        const ids = sql.includes('ANY(') ? (params[0] as string[]) : null;
        return {
          rows: sql.includes('FROM public.sights') ? rows.filter((r) => !ids || ids.includes(r.id)) : [],
          rowCount: 0,
        } as never;
      },
      async transaction() {
        throw new Error('unused');
      },
      async close() {},
      async listen(_c: string, onPayload: (p: string) => void) {
        deliver = onPayload;
        return async () => {};
      },
    };
    const idx = new NearbySightGrid(db, { enabled: true });
    await idx.nearby(o);
    await idx.settled();
    // A write commits; its notification is still on the wire (it lands in 20 ms, before the fence's marker).
    rows.push({ ...row, id: 'b', slug: 'b', name: 'B' });
    setTimeout(() => deliver('b'), 20);
    const ids = async () =>
      (JSON.parse((await idx.nearby(o))!.toString()) as { items: Array<{ id: string }> }).items.map(
        (i) => i.id,
      );
    expect(await ids()).toEqual(['a']);
    await idx.fence();
    expect(await ids()).toEqual(['a', 'b']);
  });
});
