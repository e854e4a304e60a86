import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SpeechEngine } from '../services/tts';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, call, generateGuide, type Actors } from './product-helpers';

/**
 * The trust loop and listening analytics through the API: a listener reports a station of their guide, an admin
 * fixes, re-narrates or hides it (each resolving the report with an outcome the listener sees), and the player's
 * listening events aggregate per guide and station, a batch sent twice counting once.
 */

/** A speech engine whose audio is the text's bytes, so a re-narration's new audio shows the new text. */
function fakeTts(): SpeechEngine & { calls: number } {
  const engine = {
    name: 'fake-tts',
    calls: 0,
    async render(sentences: string[]) {
      engine.calls++;
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

const tts = fakeTts();
let s: TestServer;
let a: Actors;
let sightId: string;
type Station = {
  id: string;
  position: number;
  title: string;
  text: string;
  audio_url: string | null;
  sentences: unknown[];
};
let stations: Station[];
let guideId: string;

async function until<T>(
  what: string,
  f: () => Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const guideOf = async () =>
  (await call(s, 'GET', `/guides/${guideId}`, a.user)).body.guide as { stations: Station[] };

beforeAll(async () => {
  s = await startTestServer({
    seed: true,
    worker: { tts },
    jobPolicy: { retryDelaySeconds: 1, retryLimit: 1 },
  });
  a = await actors(s);
  sightId = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
    .rows[0].id;
  const g = await generateGuide(s, a.user, { sight_id: sightId, max_stations: 5, include_nearby: true });
  expect(g.status).toBe(200);
  expect(g.body.guide.status).toBe('ready');
  guideId = g.body.guide.id;
  stations = g.body.guide.stations;
  expect(stations.length).toBeGreaterThanOrEqual(3);
}, 180_000);
afterAll(() => s?.close());

describe('POST /guides/stations/:stationId/reports', () => {
  const path = (id: string) => `/guides/stations/${id}/reports`;

  it('asks for a sign-in, and refuses bad input with a 4xx and a message (never a 5xx)', async () => {
    expect((await call(s, 'POST', path(stations[0].id), a.anon, { reason: 'inaccurate' })).status).toBe(401);
    const bad: unknown[] = [
      {},
      { reason: 'boring' },
      { reason: 'other', note: 'a\u0000b' },
      { reason: 'other', note: 'x'.repeat(1001) },
      { reason: 'other', note: 5 },
      { reason: 'other', extra: true },
      { reason: 'other', note: '\ud800' },
    ];
    for (const body of bad) {
      const r = await call(s, 'POST', path(stations[0].id), a.user, body);
      expect([r.status, typeof r.body.error]).toEqual([400, 'string']);
      expect(r.body.error.length).toBeGreaterThan(0);
    }
    const notUuid = await call(s, 'POST', path('nope'), a.user, { reason: 'other' });
    expect(notUuid.status).toBe(400);
  });

  it("is a 404 for a station of someone else's guide or an unknown one", async () => {
    expect((await call(s, 'POST', path(stations[0].id), a.other, { reason: 'inaccurate' })).status).toBe(404);
    expect((await call(s, 'POST', path(randomUUID()), a.user, { reason: 'inaccurate' })).status).toBe(404);
  });

  it('files one open report per user and station; the listener sees it open on the sight', async () => {
    const r = await call(s, 'POST', path(stations[1].id), a.user, {
      reason: 'inaccurate',
      note: '  The date is wrong.  ',
    });
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({
      station_id: stations[1].id,
      reason: 'inaccurate',
      note: 'The date is wrong.',
      status: 'open',
      outcome: null,
      station_number: stations[1].position,
    });
    const again = await call(s, 'POST', path(stations[1].id), a.user, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already reported/);
    const mine = await call(s, 'GET', `/sights/${sightId}/reports/mine`, a.user);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((x: { id: string }) => x.id)).toEqual([r.body.report.id]);
    expect((await call(s, 'GET', `/sights/${sightId}/reports/mine`, a.other)).body.items).toEqual([]);
    expect((await call(s, 'GET', `/sights/${sightId}/reports/mine`, a.anon)).status).toBe(401);
  });
});

describe('/admin/reports', () => {
  const report = async (station: Station, reason = 'inaccurate') => {
    const r = await call(s, 'POST', `/guides/stations/${station.id}/reports`, a.user, { reason });
    expect(r.status).toBe(200);
    return r.body.report.id as string;
  };

  it('is for admins only (401 signed out, 403 for a listener), on every action', async () => {
    const id = randomUUID();
    for (const [method, p, body] of [
      ['GET', '/admin/reports', undefined],
      ['POST', `/admin/reports/${id}/fix`, { text: 'New text.' }],
      ['POST', `/admin/reports/${id}/regenerate`, undefined],
      ['POST', `/admin/reports/${id}/hide`, undefined],
      ['POST', `/admin/reports/${id}/dismiss`, undefined],
      ['GET', '/admin/listening', undefined],
    ] as const) {
      expect([p, (await call(s, method, p, a.anon, body)).status]).toEqual([p, 401]);
      expect([p, (await call(s, method, p, a.user, body)).status]).toEqual([p, 403]);
    }
    expect((await call(s, 'POST', `/admin/reports/${id}/regenerate`, a.admin)).status).toBe(404);
    expect((await call(s, 'POST', `/admin/reports/${id}/fix`, a.admin, { text: '' })).status).toBe(400);
    expect((await call(s, 'POST', `/admin/reports/${id}/fix`, a.admin, { text: 'ok\u0000' })).status).toBe(
      400,
    );
    expect((await call(s, 'GET', '/admin/reports?status=nope', a.admin)).status).toBe(400);
  });

  it('lists open reports with the station text and its audio', async () => {
    const list = await call(s, 'GET', '/admin/reports', a.admin);
    expect(list.status).toBe(200);
    const item = list.body.items.find((x: { station: { id: string } }) => x.station.id === stations[1].id);
    expect(item).toMatchObject({
      reason: 'inaccurate',
      note: 'The date is wrong.',
      status: 'open',
      sight: { id: sightId },
    });
    expect(item.station.text).toBe(stations[1].text);
    expect(item.station.audio_url).toBe(stations[1].audio_url);
    const audio = await fetch(`${s.url}${item.station.audio_url}`);
    expect(audio.status).toBe(200);
  });

  it('fix: new text, narrated again by the worker (a new audio URL), the report resolved as fixed', async () => {
    const open = (await call(s, 'GET', '/admin/reports', a.admin)).body.items.find(
      (x: { station: { id: string } }) => x.station.id === stations[1].id,
    );
    const r = await call(s, 'POST', `/admin/reports/${open.id}/fix`, a.admin, {
      title: 'Corrected',
      text: 'Built in 1889. Designed by Gustave Eiffel.',
    });
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({
      status: 'resolved',
      outcome: 'fixed',
      station: { title: 'Corrected', text: 'Built in 1889. Designed by Gustave Eiffel.' },
    });
    expect((await call(s, 'POST', `/admin/reports/${open.id}/hide`, a.admin)).status).toBe(409);
    const st = await until('the re-narration', async () => {
      const x = (await guideOf()).stations.find((y) => y.id === stations[1].id);
      return x?.audio_url ? x : null;
    });
    expect(st.audio_url).toBe(`/guides/audio/${stations[1].id}?v=1`);
    expect(st.text).toBe('Built in 1889. Designed by Gustave Eiffel.');
    expect(st.sentences).toEqual([
      { text: 'Built in 1889.', start: 0, end: 1 },
      { text: 'Designed by Gustave Eiffel.', start: 1, end: 2 },
    ]);
    const audio = await fetch(`${s.url}${st.audio_url}`);
    expect(await audio.text()).toBe('ID3Built in 1889. Designed by Gustave Eiffel.');
    const mine = (await call(s, 'GET', `/sights/${sightId}/reports/mine`, a.user)).body.items;
    expect(mine.find((x: { id: string }) => x.id === open.id)).toMatchObject({
      status: 'resolved',
      outcome: 'fixed',
    });
    const logged = await s.db.query(
      "SELECT 1 FROM public.admin_audit_log WHERE action = 'station_report.fix' AND target_id = $1",
      [open.id],
    );
    expect(logged.rowCount).toBe(1);
  });

  it('regenerate: the same text narrated again, the report resolved as regenerated', async () => {
    const id = await report(stations[0], 'audio_broken');
    const before = tts.calls;
    const r = await call(s, 'POST', `/admin/reports/${id}/regenerate`, a.admin);
    expect(r.status).toBe(200);
    expect(r.body.report.outcome).toBe('regenerated');
    const st = await until('the re-narration', async () => {
      const x = (await guideOf()).stations.find((y) => y.id === stations[0].id);
      return x?.audio_url?.endsWith('?v=1') ? x : null;
    });
    expect(st.text).toBe(stations[0].text);
    expect(tts.calls).toBeGreaterThan(before);
    const done = await until('renarrating to clear', async () => {
      const item = (await call(s, 'GET', '/admin/reports?status=resolved', a.admin)).body.items.find(
        (x: { id: string }) => x.id === id,
      );
      return item && !item.station.renarrating ? item : null;
    });
    expect(done.outcome).toBe('regenerated');
  });

  it("hide: the station leaves the listener's guide and its audio is no longer served", async () => {
    const id = await report(stations[2], 'offensive');
    const audioUrl = (await guideOf()).stations.find((x) => x.id === stations[2].id)!.audio_url!;
    const r = await call(s, 'POST', `/admin/reports/${id}/hide`, a.admin);
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({ outcome: 'hidden', station: { hidden: true, audio_url: null } });
    expect((await guideOf()).stations.map((x) => x.id)).not.toContain(stations[2].id);
    expect((await fetch(`${s.url}${audioUrl}`)).status).toBe(404);
    const sightGuide = await call(s, 'GET', `/sights/${sightId}/guide`, a.user);
    expect(sightGuide.body.guide.stations.map((x: Station) => x.id)).not.toContain(stations[2].id);
    // A hidden station cannot be reported again.
    expect(
      (await call(s, 'POST', `/guides/stations/${stations[2].id}/reports`, a.user, { reason: 'other' }))
        .status,
    ).toBe(404);
    const mine = (await call(s, 'GET', `/sights/${sightId}/reports/mine`, a.user)).body.items;
    expect(mine.find((x: { id: string }) => x.id === id)).toMatchObject({
      outcome: 'hidden',
      station_number: stations[2].position,
    });
    expect(
      (await call(s, 'GET', '/admin/reports', a.admin)).body.items.some((x: { id: string }) => x.id === id),
    ).toBe(false);
  });

  it('dismiss: nothing changes but the report', async () => {
    const id = await report(stations[0], 'other');
    const r = await call(s, 'POST', `/admin/reports/${id}/dismiss`, a.admin);
    expect(r.body.report).toMatchObject({
      outcome: 'dismissed',
      station: { hidden: false, text: stations[0].text },
    });
  });
});

describe('listening analytics', () => {
  const post = (actor: Actors[keyof Actors], events: unknown[]) =>
    call(s, 'POST', '/guides/listening', actor, { events });
  const ev = (play_id: string, station_id: string, type: string, fraction = 0) => ({
    play_id,
    station_id,
    type,
    fraction,
  });

  it('asks for a sign-in and refuses bad batches with a 4xx', async () => {
    const st = stations[0].id;
    expect((await post(a.anon, [ev(randomUUID(), st, 'start')])).status).toBe(401);
    for (const events of [
      [],
      [ev(randomUUID(), st, 'pause')],
      [ev(randomUUID(), st, 'progress', 1.5)],
      [ev('x', st, 'start')],
      Array.from({ length: 101 }, () => ev(randomUUID(), st, 'start')),
    ]) {
      const r = await post(a.user, events);
      expect([r.status, typeof r.body.error]).toEqual([400, 'string']);
    }
    expect(
      (
        await call(s, 'POST', '/guides/listening', a.user, {
          events: [ev(randomUUID(), st, 'start')],
          more: 1,
        })
      ).status,
    ).toBe(400);
    expect((await post(a.other, [ev(randomUUID(), st, 'start')])).status).toBe(404);
    expect((await post(a.user, [ev(randomUUID(), stations[2].id, 'start')])).status).toBe(404); // hidden
  });

  it('aggregates a known sequence per guide and station; a batch sent again counts once', async () => {
    const [s1, s2] = [stations[0].id, stations[1].id];
    const p1 = randomUUID();
    const p2 = randomUUID();
    const p3 = randomUUID();
    const p4 = randomUUID();
    // s1: p1 played through; p2 skipped at 30 %, p4 started and heard 10 %. s2: p3 played to 60 % then completed.
    const batch1 = [
      ev(p1, s1, 'start'),
      ev(p1, s1, 'progress', 0.5),
      ev(p2, s1, 'start'),
      ev(p2, s1, 'progress', 0.3),
      ev(p2, s1, 'skip', 0.3),
    ];
    expect((await post(a.user, batch1)).body).toEqual({ ok: true, accepted: 2 });
    // Retried (the same batch again) and late events of the same plays: nothing counts twice.
    expect((await post(a.user, batch1)).status).toBe(200);
    expect(
      (
        await post(a.user, [
          ev(p1, s1, 'complete', 1),
          ev(p3, s2, 'start'),
          ev(p3, s2, 'progress', 0.6),
          ev(p4, s1, 'start', 0.1),
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await post(a.user, [
          ev(p3, s2, 'progress', 0.2),
          ev(p3, s2, 'complete', 1),
          ev(p1, s1, 'progress', 0.2),
        ])
      ).status,
    ).toBe(200);
    // Another user cannot touch these plays by reusing their ids.
    expect((await post(a.other, [ev(p2, s1, 'complete', 1)])).status).toBe(404);

    const r = await call(s, 'GET', `/admin/listening?days=7&guide_id=${guideId}`, a.admin);
    expect(r.status).toBe(200);
    expect(r.body.guides).toEqual([
      expect.objectContaining({
        guide_id: guideId,
        sight_id: sightId,
        plays_started: 4,
        plays_completed: 2,
        plays_skipped: 1,
        avg_listened_fraction: 0.6,
      }),
    ]);
    const byStation = Object.fromEntries(
      r.body.stations.map((x: { station_id: string }) => [x.station_id, x]),
    );
    expect(byStation[s1]).toMatchObject({
      plays_started: 3,
      plays_completed: 1,
      plays_skipped: 1,
      avg_listened_fraction: 0.467,
      station_number: stations[0].position,
    });
    expect(byStation[s2]).toMatchObject({
      plays_started: 1,
      plays_completed: 1,
      plays_skipped: 0,
      avg_listened_fraction: 1,
    });
    const all = await call(s, 'GET', '/admin/listening', a.admin);
    expect(all.body.days).toBe(30);
    expect(all.body.guides.map((g: { guide_id: string }) => g.guide_id)).toContain(guideId);
    expect((await call(s, 'GET', `/admin/listening?guide_id=${randomUUID()}`, a.admin)).status).toBe(404);
    expect((await call(s, 'GET', '/admin/listening?days=0', a.admin)).status).toBe(400);
  });
});
