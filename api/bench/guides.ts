import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { signJwt } from '../src/auth/jwt';
import { DEFAULT_JWT_SECRET } from '../src/config/env';
import { liveOwner } from '../src/db/data-dir-lock';
import { PostgresDb } from '../src/db/postgres';
import { connectionConfig } from '../src/db/socket-address';
import { createUser } from '../src/testing/create-user';
import { freePort } from '../src/testing/free-port';
import type { TargetResult } from '../../bench/targets';
import { spawnPrefixed } from '../../scripts/lib/proc';
import { cannon, type CannonResult } from './nearby';

/**
 * `pnpm bench guides`: the embedded default as `pnpm start` runs it (the API process and one
 * guide worker process on the same PGlite, through the API's socket).
 *  1. Time to first sound: a 5-station guide is requested; GET /guides/:id is polled every 20 ms; station 1 is
 *     playable when it is listed and its audio answers (HEAD 200). Median of 3 guides: station 1's time over the
 *     whole guide's time (target <= 25 %).
 *  2. Guides beside travellers: GET /sights/nearby at 50 connections (autocannon, own process) for a few seconds,
 *     alone, then again while 10 guides are being made throughout (10 users, each asking for the next guide when
 *     theirs is ready, polling as the app does), 3 rounds each way; the median p99 with
 *     the guides over the median p99 without (target <= 2x). The load generator shares the 2 cores with the API and the worker, as on a small server.
 */
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const ROUNDS = 3;
const NEARBY = '/sights/nearby?lat=48.8584&lon=2.2945&km=5';

/** A process of the API package, its error lines (and, while `verbose`, the lines `show` accepts) prefixed. */
function start(name: string, entry: string, env: NodeJS.ProcessEnv, show?: RegExp): ChildProcess {
  return spawnPrefixed(
    name,
    process.execPath,
    ['--import', 'tsx', entry],
    { cwd: API_DIR, env },
    (line) => /error/i.test(line) || (verbose && !!show?.test(line)),
  );
}

/** SIGTERM, then the exit (SIGKILL after 10 s). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The worker's own account of each guide is printed during the time-to-first-sound part only. */
let verbose = true;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;

export async function run(): Promise<TargetResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-guides-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const api = start('api', 'src/index.ts', env);
  // Where each guide's time went (queued, script, each station), as the worker logs it.
  const worker = start('worker', 'src/worker.ts', env, /guide .*: ready in|background priority/);
  let db: PostgresDb | undefined;
  try {
    for (
      let t = Date.now();
      !(await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ));

    ) {
      if (Date.now() - t > 240_000) throw new Error('the API did not start in 240 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const owner = liveOwner(dataDir);
    if (!owner?.socket) throw new Error('the API does not serve its embedded database on a socket');
    db = new PostgresDb(new pg.Pool({ ...connectionConfig(owner.socket), max: 2 }));
    const eiffel = (
      await db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower' LIMIT 1")
    ).rows[0].id;
    const token = async () => {
      const u = await createUser(db!);
      return signJwt(
        DEFAULT_JWT_SECRET,
        { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
        3600,
      );
    };
    const request = async (t: string) => {
      const r = await fetch(`${base}/sights/generate-guide`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sight_id: eiffel, max_stations: 5, include_nearby: true }),
      });
      if (r.status !== 200) throw new Error(`generate-guide: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { guide: { id: string } }).guide.id;
    };
    const status = async (t: string, id: string) =>
      (
        (await (
          await fetch(`${base}/guides/${id}`, { headers: { authorization: `Bearer ${t}` } })
        ).json()) as {
          guide: {
            status: string;
            stations: Array<{ audio_url: string | null }>;
            stations_total: number | null;
          };
        }
      ).guide;

    // 1. Time to first sound (one guide at a time; the first run also warms the worker's speech engine up).
    console.log('\n== guides: time to first sound (5 stations, embedded default: API + 1 worker process) ==');
    const ratios: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t = await token();
      const t0 = performance.now();
      const id = await request(t);
      let first = 0;
      for (;;) {
        const g = await status(t, id);
        if (!first && g.stations[0]?.audio_url) {
          const head = await fetch(`${base}${g.stations[0].audio_url}`, { method: 'HEAD' });
          if (head.ok) first = performance.now() - t0;
        }
        if (g.status === 'ready') break;
        if (g.status === 'failed') throw new Error(`guide failed: ${JSON.stringify(g)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const whole = performance.now() - t0;
      if (i === 0) {
        console.log(`warm-up: station 1 after ${ms(first)}, whole guide ${ms(whole)}`);
        continue;
      }
      ratios.push(first / whole);
      console.log(
        `guide ${i}: station 1 playable after ${ms(first)}, whole guide ready after ${ms(whole)}: ${(100 * (first / whole)).toFixed(1)} %`,
      );
    }
    const ttfs = median(ratios);
    console.log(
      `median: station 1 at ${(100 * ttfs).toFixed(1)} % of the whole guide's time (target <= 25 %): ${ttfs <= 0.25 ? 'met' : 'NOT met'}`,
    );

    verbose = false;
    // 2. Nearby under guide load.
    console.log(
      `\n== guides: GET /sights/nearby p99 at 50 connections, ${DURATION_S} s, without and with 10 guides being made ==`,
    );
    const opts = {
      url: base,
      connections: 50,
      duration: DURATION_S,
      requests: [{ method: 'GET' as const, path: NEARBY }],
      headers: { 'accept-encoding': 'br' },
    };
    // ROUNDS rounds each way, the median p99 of each side: a single few-second p99 of a few milliseconds moves by
    // a millisecond or two from run to run (whole milliseconds, 20-30 % of the figure), on either side.
    const alone = (
      await cannon([{ ...opts, duration: 2 }, ...Array.from({ length: ROUNDS }, () => opts)])
    ).slice(1);
    // Ten travellers each waiting for a guide for the whole of the loaded rounds: when one's guide is ready (or
    // failed), that traveller asks for the next, so the worker is never idle while nearby is measured. Each polls
    // its guide as the app does (every 0.8 s).
    let loading = true;
    let made = 0;
    let failed = 0;
    // The travellers' accounts are made before the clock starts (a bcrypt hash each, on this process's CPU): the
    // load measured is the guides', not the sign-ups'.
    const accounts: string[] = [];
    for (let i = 0; i < 60; i++) accounts.push(await token());
    const traveller = async () => {
      while (loading) {
        const t = accounts.pop() ?? (await token());
        const id = await request(t);
        for (;;) {
          const g = await status(t, id);
          if (g.status === 'ready' || g.status === 'failed') {
            made++;
            if (g.status === 'failed') failed++;
            break;
          }
          await new Promise((r) => setTimeout(r, 800));
        }
      }
    };
    const travellers = Array.from({ length: 10 }, () => traveller());
    const loaded = await cannon(Array.from({ length: ROUNDS }, () => opts));
    loading = false;
    await Promise.all(travellers);
    if (failed) throw new Error(`${failed} of the ${made} guides made under load failed`);
    const p99 = (rs: CannonResult[]) => median(rs.map((r) => r.latency.p99));
    const line = (rs: CannonResult[]) =>
      `p99 ${p99(rs)} ms (rounds ${rs.map((r) => r.latency.p99).join(', ')}), p50 ${median(rs.map((r) => r.latency.p50))} ms, ${Math.round(median(rs.map((r) => r.requests.average)))} req/s, non-2xx ${rs.reduce((n, r) => n + r.non2xx, 0)}`;
    const ratio = p99(loaded) / p99(alone);
    console.log(`alone:       ${line(alone)}`);
    console.log(`with guides: ${line(loaded)} (10 guides being made throughout; ${made} made in all)`);
    console.log(
      `nearby p99 with 10 guides being made / without: ${ratio.toFixed(2)}x (target <= 2x): ${ratio <= 2 ? 'met' : 'NOT met'}  (load ${os.loadavg()[0].toFixed(2)})`,
    );
    return [
      {
        id: 'guide-first-sound',
        value: `${(100 * ttfs).toFixed(1)} % of the whole guide`,
        met: ttfs <= 0.25,
      },
      {
        id: 'guide-load-nearby',
        value: `${ratio.toFixed(2)}x (p99 ${p99(loaded)} / ${p99(alone)} ms, median of ${ROUNDS})`,
        met: ratio <= 2,
      },
    ];
  } finally {
    await db?.close().catch(() => undefined);
    // The worker first: it reaches the embedded database through the API, which must outlive it.
    await stop(worker);
    await stop(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
