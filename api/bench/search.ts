import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config/env';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { seedUsers } from '../src/auth/users';
import { seedProductData } from '../src/routes/index';
import { createServer } from '../src/server';
import type { TargetResult } from '../../bench/targets';
import { addSynthetic, cannon, type CannonResult } from './nearby';

/**
 * `pnpm bench search`: GET /search beside GET /sights/nearby on one scratch embedded database (PGlite, the default
 * store) holding the seed plus 100,000 synthetic sights (nearby's generator), one server, 50 connections. One
 * load-generator process warms both routes up, then runs them alternately ROUNDS times (5 s each by default), so a machine that gets
 * busier or quieter meanwhile weighs on both alike; the ratio is the median over the rounds of search's p99 over
 * the p99 of the nearby round right after it. Target: <= 2x.
 *
 * The search queries are what a traveller types (misspelt, without accents, a word's beginning), each near a point;
 * nearby asks km=5 around the same points, as the explore page does first.
 */

const SYNTHETIC = 100_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 40);
const WARMUP_S = 2;
const ROUNDS = 8;
const TARGET_RATIO = 2;

const QUERIES: Array<[q: string, lat: number, lon: number]> = [
  ['colloseum', 41.8902, 12.4922],
  ['eiffel', 48.8584, 2.2945],
  ['sagrada familia', 41.3851, 2.1734],
  ['louvre', 48.8606, 2.3376],
  ['big ben', 51.5007, -0.1246],
  ['statue of libert', 40.7484, -73.9857],
  ['brandenburger', 52.52, 13.405],
  ['tower brige', 51.5055, -0.0754],
  ['notre dame', 48.853, 2.3499],
  ['british museum', 51.5194, -0.127],
  ['golden gate', 37.7749, -122.4194],
  ['pantheon', 41.8986, 12.4769],
  ['sydney opera', -33.8568, 151.2153],
  ['prag castle', 50.0755, 14.4378],
  ['tokyo tower', 35.6762, 139.6503],
];
const searchPaths = QUERIES.map(([q, lat, lon]) => ({
  method: 'GET' as const,
  path: `/search?q=${encodeURIComponent(q)}&lat=${lat}&lon=${lon}`,
}));
const nearbyPaths = QUERIES.map(([, lat, lon]) => ({
  method: 'GET' as const,
  path: `/sights/nearby?lat=${lat}&lon=${lon}&km=5`,
}));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f = (n: number, d = 1) => n.toFixed(d).padStart(8);

export async function run(): Promise<TargetResult[]> {
  console.log(
    `\n## API: GET /search vs GET /sights/nearby (scratch PGlite database, ${CONNECTIONS} connections)`,
  );
  console.log(
    `  machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-search-'));
  let db = await openPglite(dir);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), port: 0, host: '127.0.0.1' };
  let t = performance.now();
  await migrate(db);
  await seedUsers(db);
  await seedProductData({ db, config });
  await addSynthetic(db, SYNTHETIC);
  const n = Number(
    (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM public.sights')).rows[0]!.n,
  );
  console.log(`  scratch database ready in ${((performance.now() - t) / 1000).toFixed(1)} s: ${n} sights`);
  // Served as after a restart (see docs/search.md, known issue: trigram queries after the licensed-text seed).
  await db.close();
  db = await openPglite(dir);
  const app = await createServer(config, { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.keepAliveTimeout = 10 * 60_000;
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    t = performance.now();
    await fetch(`${base}/sights/nearby?lat=0&lon=0&km=1`);
    await app.deps.sightIndex.settled();
    console.log(`  nearby index ready in ${((performance.now() - t) / 1000).toFixed(2)} s`);
    // What each query finds first (so a reader sees the bench asks real questions).
    for (const p of searchPaths) {
      const r = await fetch(`${base}${p.path}`);
      if (!r.ok) throw new Error(`${p.path}: HTTP ${r.status}`);
      const body = (await r.json()) as { items: Array<{ kind: string; name: string }> };
      const top = body.items[0];
      console.log(
        `  ${decodeURIComponent(p.path.slice('/search?q='.length, p.path.indexOf('&'))).padEnd(18)} -> ${top ? `${top.kind} ${top.name}` : '(nothing)'}`,
      );
    }
    const opts = (paths: typeof searchPaths, duration: number) => ({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: paths,
      headers: { 'accept-encoding': 'identity' },
    });
    const slice = Math.max(1, DURATION_S / ROUNDS);
    const runs = [opts(searchPaths, WARMUP_S), opts(nearbyPaths, WARMUP_S)];
    for (let i = 0; i < ROUNDS; i++) runs.push(opts(searchPaths, slice), opts(nearbyPaths, slice));
    const results = (await cannon(runs)).slice(2);
    const search = results.filter((_, i) => i % 2 === 0);
    const nearby = results.filter((_, i) => i % 2 === 1);
    const bad = (rs: CannonResult[]) => rs.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0);
    for (const [name, rs] of [
      ['search', search],
      ['nearby', nearby],
    ] as const) {
      if (bad(rs)) console.log(`  (${name}: ${bad(rs)} non-2xx answers, errors or time-outs)`);
      console.log(
        `  ${name.padEnd(8)} p50 ${f(median(rs.map((r) => r.latency.p50)))} ms  p99 ${f(median(rs.map((r) => r.latency.p99)))} ms ` +
          `${f(rs.reduce((s, r) => s + r.requests.average, 0) / rs.length, 0)} req/s`,
      );
    }
    const cache = app.deps.searchIndex.answerStats;
    console.log(`  search answers remembered / computed: ${cache.hits} / ${cache.misses}`);
    // What a search costs when nothing is remembered (the index alone, in this process).
    for (const [q, lat, lon] of QUERIES.slice(0, 4)) {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) app.deps.searchIndex.search({ q, lat, lon, limit: 8 });
      console.log(`  uncached ${q.padEnd(18)} ${(((performance.now() - t0) / 20) * 1000).toFixed(0)} µs`);
    }
    const ratio = median(search.map((r, i) => r.latency.p99 / Math.max(nearby[i]!.latency.p99, 0.01)));
    const met = ratio <= TARGET_RATIO && !bad(search);
    const sP99 = median(search.map((r) => r.latency.p99));
    const nP99 = median(nearby.map((r) => r.latency.p99));
    console.log(
      `  target search p99 <= ${TARGET_RATIO}x nearby p99 (${CONNECTIONS} connections, ${n.toLocaleString('en')} sights): ` +
        `${ratio.toFixed(2)}x (p99 ${sP99.toFixed(1)} vs ${nP99.toFixed(1)} ms, by round) -> ${met ? 'met' : 'NOT met'}`,
    );
    return [
      {
        id: 'api-search-p99',
        value: `${ratio.toFixed(2)}x (search p99 ${sP99.toFixed(1)} ms vs nearby ${nP99.toFixed(1)} ms, PGlite, seed + 100k)`,
        met,
      },
    ];
  } finally {
    await app.close();
    await db.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Runnable on its own too: `tsx api/bench/search.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
