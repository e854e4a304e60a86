import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config/env';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Queryable, ScriptDb } from '../src/db/types';
import { createServer } from '../src/server';
import { seedUsers } from '../src/auth/users';
import { seedProductData } from '../src/routes/index';
import { CATEGORIES, slugify } from '../src/services/categories';
import { insertSights, type SightRow } from '../src/services/seed';
import { findNearby, findNearbyFullScan } from '../src/services/sights';
import { startPgTestCluster, stopPgTestCluster } from '../scripts/pg-test-cluster';

/**
 * `pnpm bench api`: latency of GET /sights/nearby on a scratch embedded database (PGlite, the default store), then
 * on a scratch database in a real PostgreSQL (BENCH_DATABASE_URL, or the throwaway test cluster; BENCH_PG=0 skips).
 *  1. the real seed (15,895 sights), then 2. the seed plus 100,000 synthetic sights placed around the real ones.
 * For each: one connection in sequence (query latency), then autocannon with 50 connections (latency under load,
 * req/s), and the same for a full-scan baseline (haversine over every row), with the ratios. Numbers only; no
 * pass/fail. The load generator runs in the same process and on the same cores as the server, so a busy machine
 * shows in the numbers (`uptime` load is printed).
 */

interface CannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ method: 'GET'; path: string }>;
}

/**
 * autocannon in a child process (bench/cannon.mjs), so the load generator and the server each get a core. Every
 * run but the last is warm-up; the last one's numbers come back.
 */
function autocannon(runs: CannonOptions[]): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./cannon.mjs', import.meta.url)), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as CannonResult));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`autocannon exited with ${code}`)));
    child.send(runs);
  });
}

const SYNTHETIC = 100_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const WARMUP_S = 2;
const SEQUENTIAL = 300;
const TARGET_P99_MS = 15;

/** Real places with many seeded sights around them, radius 5 km as the explore page asks first. */
const POINTS = [
  [48.8584, 2.2945], [51.5007, -0.1246], [40.7484, -73.9857], [41.8902, 12.4922], [37.7749, -122.4194],
  [52.52, 13.405], [35.6762, 139.6503], [55.7539, 37.6208], [-33.8568, 151.2153], [38.9072, -77.0369],
  [41.3851, 2.1734], [48.1351, 11.582], [50.0755, 14.4378], [59.3293, 18.0686], [34.0522, -118.2437],
];
const paths = (route: string) => POINTS.map(([lat, lon]) => ({ method: 'GET' as const, path: `${route}?lat=${lat}&lon=${lon}&km=5` }));

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 100k sights scattered within 30 km of randomly chosen real sights, so density follows the real data. */
export async function addSynthetic(db: Queryable, n: number) {
  const anchors = (await db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM public.sights ORDER BY id')).rows;
  const rnd = mulberry32(42);
  const rows: SightRow[] = [];
  for (let i = 0; i < n; i++) {
    const a = anchors[Math.floor(rnd() * anchors.length)]!;
    const r = 30 * Math.sqrt(rnd());
    const t = rnd() * 2 * Math.PI;
    const lat = Math.max(-89.9, Math.min(89.9, a.latitude + (r / 111.32) * Math.cos(t)));
    const lon = ((a.longitude + (r / (111.32 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)))) * Math.sin(t) + 540) % 360) - 180;
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const name = `Synthetic sight ${i}`;
    rows.push({
      id: `bench-${i}`, slug: slugify(name), name, normalized_name: name.toLowerCase(), description: '', cover_image_url: null,
      img_preview: null, city: null, country: null, country_code: null, latitude: lat, longitude: lon, category_slugs: [category],
      category_hint: category, subtype: null, popularity: null, source: 'bench', source_id: null,
    });
  }
  await insertSights(db, rows, 1000);
  await db.query('ANALYZE public.sights');
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const f = (n: number, d = 1) => n.toFixed(d).padStart(8);

async function sequential(base: string, route: string) {
  const list = paths(route);
  // Warm-up: plans cached, pages in memory.
  for (const p of [...list, ...list]) await (await fetch(`${base}${p.path}`)).arrayBuffer();
  const times: number[] = [];
  const sources = new Set<string>();
  let items = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const p = list[i % list.length]!;
    const t0 = performance.now();
    const r = await fetch(`${base}${p.path}`);
    const body = (await r.json()) as { items?: unknown[] };
    times.push(performance.now() - t0);
    sources.add(r.headers.get('x-nearby-source') ?? 'bench route');
    if (!r.ok) throw new Error(`${p.path}: HTTP ${r.status}`);
    if (i < list.length) items += body.items?.length ?? 0;
  }
  return { p50: pct(times, 50), p99: pct(times, 99), avgItems: items / list.length, sources: [...sources].join('+') };
}

async function measure(label: string, base: string) {
  console.log(`\n${label}`);
  const out: Record<string, { seqP50: number; seqP99: number; p50: number; p99: number; rps: number }> = {};
  const routes = [
    ['nearby', '/sights/nearby'],
    ['SQL GiST', '/bench/nearby-sql'],
    ['full scan', '/bench/nearby-full-scan'],
  ] as const;
  for (const [name, route] of routes) {
    const seq = await sequential(base, route);
    // A warm-up run (JIT on both sides, connections), not counted, then the measured run in the same process.
    const r = await autocannon([
      { url: base, connections: CONNECTIONS, duration: WARMUP_S, requests: paths(route) },
      { url: base, connections: CONNECTIONS, duration: DURATION_S, requests: paths(route) },
    ]);
    if (r.non2xx || r.errors || r.timeouts) console.log(`  (${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} time-outs)`);
    out[name] = { seqP50: seq.p50, seqP99: seq.p99, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
    console.log(
      `  ${name.padEnd(10)} 1 conn: p50 ${f(seq.p50, 2)} ms  p99 ${f(seq.p99, 2)} ms  (avg ${seq.avgItems.toFixed(0)} items)   ` +
        `${CONNECTIONS} conns: p50 ${f(r.latency.p50)} ms  p99 ${f(r.latency.p99)} ms  ${f(r.requests.average, 0)} req/s` +
        (route === '/sights/nearby' ? `  (answered from: ${seq.sources})` : ''),
    );
  }
  const i = out['nearby']!;
  const g = out['SQL GiST']!;
  const b = out['full scan']!;
  const x = (a: number, c: number) => `x${(a / Math.max(c, 0.01)).toFixed(1)}`;
  console.log(
    `  full scan / nearby: 1-conn p50 ${x(b.seqP50, i.seqP50)}, ${CONNECTIONS}-conn p99 ${x(b.p99, i.p99)}, req/s ${x(i.rps, b.rps)}` +
      `   SQL GiST / nearby: 1-conn p50 ${x(g.seqP50, i.seqP50)}, ${CONNECTIONS}-conn p99 ${x(g.p99, i.p99)}, req/s ${x(i.rps, g.rps)}`,
  );
  return i;
}

type BenchDb = ScriptDb;

async function benchOn(store: string, db: BenchDb): Promise<void> {
  console.log(`\n## API: GET /sights/nearby (scratch ${store} database, km=5 around 15 real places)`);
  console.log(`  machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), port: 0, host: '127.0.0.1' };
  const t0 = performance.now();
  await migrate(db);
  await seedUsers(db);
  await seedProductData({ db, config });
  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM public.sights')).rows[0]!.n);
  console.log(`  scratch database ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${await count()} sights`);

  const app = await createServer(config, { db, logger: false });
  // For comparison with the in-memory index: the SQL query the route falls back to (GiST index on ll_to_earth),
  // and the full-scan baseline.
  for (const [route, find] of [['/bench/nearby-sql', findNearby], ['/bench/nearby-full-scan', findNearbyFullScan]] as const) {
    app.get(route, async (req) => {
      const q = req.query as Record<string, string>;
      return { items: await find(db, { lat: Number(q.lat), lon: Number(q.lon), km: Number(q.km), categories: [], limit: 500 }) };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const index = app.deps.sightIndex;
  try {
    // The first nearby request starts the in-memory index build (SQL answers meanwhile).
    let t = performance.now();
    await fetch(`${base}/sights/nearby?lat=0&lon=0&km=1`);
    await index.settled();
    console.log(`  nearby index ${index.state} in ${((performance.now() - t) / 1000).toFixed(2)} s: ${index.size} sights in memory`);
    await measure(`seeded data (${await count()} sights)`, base);
    t = performance.now();
    await addSynthetic(db, SYNTHETIC);
    console.log(`\n  + ${SYNTHETIC.toLocaleString('en')} synthetic sights in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await index.fence();
    console.log(`  nearby index caught up (NOTIFY, re-read) in ${((performance.now() - t) / 1000).toFixed(2)} s: ${index.size} sights, ${index.state}`);
    const big = await measure(`seed + synthetic (${(await count()).toLocaleString('en')} sights)`, base);
    console.log(
      `  target p99 <= ${TARGET_P99_MS} ms over 100k sights (${store}): 1 connection ${big.seqP99.toFixed(2)} ms -> ${big.seqP99 <= TARGET_P99_MS ? 'met' : 'NOT met'}; ` +
        `${CONNECTIONS} connections ${big.p99.toFixed(1)} ms -> ${big.p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await app.close();
    // The server closes the database it was handed on shutdown; closing again is harmless.
    await db.close().catch(() => undefined);
  }
}

/**
 * A real PostgreSQL for the second pass: BENCH_DATABASE_URL if set, else the throwaway cluster of
 * api/scripts/pg-test-cluster.sh (installs Debian's postgresql when missing). A scratch database is created in it.
 */
async function realPostgres(): Promise<{ db: BenchDb; done: () => Promise<void> } | null> {
  if (process.env.BENCH_PG === '0') return null;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const started = startPgTestCluster();
    if (started instanceof Error) {
      console.log(`\n(PostgreSQL pass skipped: no BENCH_DATABASE_URL and ${started.message})`);
      return null;
    }
    adminUrl = started;
    stop = async () => stopPgTestCluster();
  }
  const name = `wf_bench_${Date.now()}`;
  const admin = openPostgres(adminUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 20 });
  return {
    db,
    done: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.close();
      await stop();
    },
  };
}

export async function run(): Promise<void> {
  await benchOn('PGlite', await openPglite(undefined));
  const pg = await realPostgres();
  if (pg) {
    try {
      await benchOn('PostgreSQL', pg.db);
    } finally {
      await pg.done();
    }
  }
}

// Runnable on its own too: `tsx api/bench/nearby.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
