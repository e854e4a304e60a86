import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GenerateGuideResponse, GuideResponse } from '@wayfarer/contracts';
import { startGuideWorker } from '../jobs/guide-worker';
import { GUIDE_QUEUE, openJobs, type Jobs } from '../jobs/queue';
import { deleteAccount } from '../services/account-deletion';
import { localGuideWriter } from '../services/guide-writer';
import { s3MediaStore } from '../services/media-store';
import type { SpeechEngine } from '../services/tts';
import { startLocalS3, type LocalS3 } from '../testing/s3-server';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, call, type Actor } from './product-helpers';

/**
 * Guides as durable jobs (pg-boss): the API answers at once, a worker makes the stations one by one, a job lost
 * with its worker is retried by another, a job that fails for good says why, and the files live in object
 * storage (a local S3 server) and go with their rows.
 */

/** A speech engine that takes `delayMs` per station (or never answers, or fails): the audio is the text's bytes. */
function fakeTts(
  opts: { delayMs?: number; hang?: () => boolean; fail?: string } = {},
): SpeechEngine & { calls: number } {
  const engine = {
    name: 'fake-tts',
    calls: 0,
    async render(sentences: string[]) {
      engine.calls++;
      if (opts.fail) throw new Error(opts.fail);
      if (opts.hang?.()) await new Promise(() => {});
      await new Promise((r) => setTimeout(r, opts.delayMs ?? 0));
      let t = 0;
      const timings = sentences.map((text) => ({ text, start: t, end: (t += 1) }));
      return {
        audio: Buffer.from(`ID3${sentences.join(' ')}`),
        mime: 'audio/mpeg',
        extension: 'mp3',
        durationS: t,
        sentences: timings,
      };
    },
    async close() {},
  };
  return engine;
}

const FAST_JOBS = { expireInSeconds: 2, maintenanceSeconds: 1, retryDelaySeconds: 1, retryLimit: 1 };
const FIVE = { max_stations: 5, include_nearby: true };

let s3: LocalS3;
let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
let eiffel: string;
const tts = fakeTts({ delayMs: 400 });

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: 'guides' });
  s = await startTestServer({
    seed: true,
    media: s3MediaStore(s3.options),
    worker: { tts },
    jobPolicy: FAST_JOBS,
  });
  a = await actors(s);
  eiffel = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
    .rows[0].id;
}, 120_000);
/** Queues opened by the tests beside the server's own (other worker processes, in production). */
const extra: Jobs[] = [];
afterAll(async () => {
  for (const j of extra) await j.boss.stop({ graceful: false, wait: true });
  await s?.close();
  await s3?.close();
});

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const guideOf = async (id: string, actor: Actor = a.user) =>
  GuideResponse.parse((await call(s, 'GET', `/guides/${id}`, actor)).body).guide;

describe('a guide made by a worker', () => {
  it('answers at once with the queued guide, then shows each station as it is made; station 1 plays before the last is made', async () => {
    const r = await call(s, 'POST', '/sights/generate-guide', a.user, { sight_id: eiffel, ...FIVE });
    expect(r.status).toBe(200);
    const queued = GenerateGuideResponse.parse(r.body);
    expect(queued.guide.status).toBe('queued');
    expect(queued.guide.stations).toEqual([]);
    expect(queued.job_id).toMatch(/^[0-9a-f-]{36}$/);
    // The reservation counts at once: the allowance cannot be exceeded by requests made while workers are busy.
    expect(queued.usage).toMatchObject({ used: 1, remaining: 2 });

    const seen = new Set<string>();
    let firstAudioWhileRendering: number | null = null;
    const done = await until('the guide to be ready', async () => {
      const g = await guideOf(queued.guide.id);
      seen.add(`${g.status}:${g.stations.length}`);
      if (
        g.status === 'rendering' &&
        g.stations.length >= 1 &&
        g.stations.length < (g.stations_total ?? 0) &&
        firstAudioWhileRendering === null
      ) {
        const res = await fetch(`${s.url}${g.stations[0].audio_url}`, { headers: { Range: 'bytes=0-2' } });
        firstAudioWhileRendering = res.status;
        expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('ID3');
      }
      return g.status === 'ready' ? g : undefined;
    });
    expect(done.stations.map((st) => st.position)).toEqual([1, 2, 3, 4, 5]);
    expect(done.stations_total).toBe(5);
    expect(done.failure).toBeNull();
    // Progress was visible station by station, and station 1's audio was served (a range of it) mid-way.
    expect([...seen].filter((x) => x.startsWith('rendering:')).length).toBeGreaterThanOrEqual(3);
    expect(firstAudioWhileRendering).toBe(206);
    // The caller's sight guide shows the finished guide and nothing pending.
    const mine = (await call(s, 'GET', `/sights/${eiffel}/guide`, a.user)).body;
    expect(mine.guide.id).toBe(done.id);
    expect(mine.pending).toBeNull();
  }, 60_000);

  it("stores the audio in the object store's bucket and serves it with ranges from there", async () => {
    const r = await call(s, 'POST', '/sights/generate-guide', a.other, {
      sight_id: eiffel,
      max_stations: 2,
      include_nearby: false,
    });
    const g = await until('ready', async () => {
      const x = await guideOf(r.body.guide.id, a.other);
      return x.status === 'ready' ? x : undefined;
    });
    const keys = s3.keys().filter((k) => k.startsWith(`guide-audio/${g.id}/`));
    expect(keys).toHaveLength(g.stations.length);
    const whole = await fetch(`${s.url}${g.stations[0].audio_url}`);
    const text = await whole.text();
    expect(whole.status).toBe(200);
    expect(text.startsWith('ID3Welcome')).toBe(true);
    const part = await fetch(`${s.url}${g.stations[0].audio_url}`, { headers: { Range: 'bytes=3-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 3-9/${Buffer.byteLength(text)}`);
    expect(await part.text()).toBe('Welcome');
  }, 60_000);

  it("deleting an account deletes its guides' objects from the bucket", async () => {
    const owner = (await actors(s)).user;
    const r = await call(s, 'POST', '/sights/generate-guide', owner, {
      sight_id: eiffel,
      max_stations: 3,
      include_nearby: true,
    });
    await until('ready', async () =>
      (await guideOf(r.body.guide.id, owner)).status === 'ready' ? true : undefined,
    );
    const prefix = `guide-audio/${r.body.guide.id}/`;
    expect(s3.keys().filter((k) => k.startsWith(prefix))).toHaveLength(3);
    expect(await deleteAccount(s.db, owner.id!)).toBe(true);
    await s.app.deps.jobs.requestSweep();
    // The sweep deletes each object, then its media_garbage row.
    await until('the objects and their garbage rows to be deleted', async () =>
      s3.keys().some((k) => k.startsWith(prefix)) ||
      (await s.db.query('SELECT 1 FROM public.media_garbage')).rowCount
        ? undefined
        : true,
    );
  }, 60_000);
});

describe('when workers fail', () => {
  let jobs: Jobs | undefined;

  it('a job lost with its worker is retried by another worker, which finishes the guide', async () => {
    // The server's worker hangs on this user's next guide, as a worker process that died mid-way would.
    const user = (await actors(s)).user;
    let hangNext = true;
    const hanging = fakeTts({ hang: () => (hangNext ? !(hangNext = false) : false) });
    const lost = await openJobs(s.db, { policy: FAST_JOBS, supervise: true });
    extra.push(lost);
    const lostWorker = await startGuideWorker(lost, {
      db: s.db,
      store: s.app.deps.media,
      writer: localGuideWriter,
      tts: hanging,
    });
    // Only the hanging worker runs until it has taken the job.
    await s.app.deps.jobs.boss.offWork(GUIDE_QUEUE);
    const r = await call(s, 'POST', '/sights/generate-guide', user, {
      sight_id: eiffel,
      max_stations: 3,
      include_nearby: true,
    });
    await until('the hanging worker to take the job', async () => (hanging.calls > 0 ? true : undefined));
    void lostWorker.stop();
    // Another worker (another process in production) gets it once it has expired.
    jobs = await openJobs(s.db, { policy: FAST_JOBS, supervise: true });
    extra.push(jobs);
    await startGuideWorker(jobs, {
      db: s.db,
      store: s.app.deps.media,
      writer: localGuideWriter,
      tts: fakeTts(),
    });
    const g = await until(
      'the retried guide',
      async () => {
        const x = await guideOf(r.body.guide.id, user);
        return x.status === 'ready' ? x : undefined;
      },
      45_000,
    );
    expect(g.stations.map((st) => st.position)).toEqual([1, 2, 3]);
    const job = await jobs.boss.getJobById(GUIDE_QUEUE, r.body.job_id, { includeArchive: true } as never);
    expect(job?.retryCount).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a job that fails for good says why, and the guide no longer counts against the allowance', async () => {
    const user = (await actors(s)).user;
    const broken = await openJobs(s.db, { policy: FAST_JOBS, supervise: true });
    extra.push(broken);
    const failing = fakeTts({ fail: 'espeak-ng exited with code 1' });
    await jobs?.boss.offWork(GUIDE_QUEUE);
    await startGuideWorker(broken, {
      db: s.db,
      store: s.app.deps.media,
      writer: localGuideWriter,
      tts: failing,
    });
    const r = await call(s, 'POST', '/sights/generate-guide', user, {
      sight_id: eiffel,
      max_stations: 2,
      include_nearby: false,
    });
    expect(r.body.usage.used).toBe(1);
    const g = await until(
      'the guide to fail',
      async () => {
        const x = await guideOf(r.body.guide.id, user);
        return x.status === 'failed' ? x : undefined;
      },
      45_000,
    );
    expect(g.failure).toBe('The guide could not be made: espeak-ng exited with code 1. Please try again.');
    expect(g.stations).toEqual([]);
    // Tried once and retried once (retryLimit 1), then given up.
    expect(failing.calls).toBe(2);
    expect((await call(s, 'GET', '/guides/usage', user)).body.usage).toMatchObject({ used: 0, remaining: 3 });
  }, 60_000);
});

describe('waking a worker', () => {
  it('a new guide wakes a listening worker at once, long before its next poll', async () => {
    // Every worker so far stops taking guides; the one left polls only every 60 s (its first poll is at start).
    for (const j of [s.app.deps.jobs, ...extra]) await j.boss.offWork(GUIDE_QUEUE).catch(() => undefined);
    const waking = await openJobs(s.db, { policy: FAST_JOBS, supervise: false });
    extra.push(waking);
    await startGuideWorker(
      waking,
      { db: s.db, store: s.app.deps.media, writer: localGuideWriter, tts: fakeTts() },
      { pollingIntervalSeconds: 60 },
    );
    await new Promise((r) => setTimeout(r, 1000));
    const user = (await actors(s)).user;
    const asked = Date.now();
    const r = await call(s, 'POST', '/sights/generate-guide', user, {
      sight_id: eiffel,
      max_stations: 2,
      include_nearby: false,
    });
    expect(r.status).toBe(200);
    await until(
      'the woken worker to make the guide',
      async () => ((await guideOf(r.body.guide.id, user)).status === 'ready' ? true : undefined),
      45_000,
    );
    // Without the wake-up the job would wait for the poll a minute after the worker started.
    expect(Date.now() - asked).toBeLessThan(45_000);
  }, 60_000);
});
