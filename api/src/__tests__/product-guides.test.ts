import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GenerateGuideResponse, Guide } from '@wayfarer/contracts';
import {
  GenerateGuideResponse as GenerateGuideResponseSchema,
  GuideLimitError,
  SightGuideResponse,
} from '@wayfarer/contracts';
import { loadConfig } from '../config/env';
import { startTestServer, type TestServer } from '../testing/test-server';
import { decodeMp3, peakIn } from '../testing/audio';
import { MP3_KBPS, mp3Info, wavFile } from '../services/tts';
import { actors, call, generateGuide, type Actor } from './product-helpers';

let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
let dataDir: string;
let eiffel: string;
const QUICK = { max_stations: 1, include_nearby: false };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-guides-'));
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  s = await startTestServer({ seed: true, config: { dataDir, media: base.media }, worker: true });
  a = await actors(s);
  eiffel = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
    .rows[0].id;
}, 120_000);
afterAll(async () => {
  await s?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function audio(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const r = await fetch(`${s.url}${url}`, { method, headers });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

/** A fresh signed-in user (the limit tests need their own monthly counts). */
async function freshUser(): Promise<Actor> {
  return (await actors(s)).user;
}

describe('POST /sights/generate-guide', () => {
  let guide: Guide;

  it('writes a guide for the sight and nearby stops, narrates every station as a compressed MP3 with sentence timings', async () => {
    const r = await generateGuide(s, a.user, { sight_id: eiffel, max_stations: 4 });
    expect(r.status).toBe(200);
    const body = GenerateGuideResponseSchema.parse(r.body) as GenerateGuideResponse;
    guide = body.guide;
    expect(guide.sight_id).toBe(eiffel);
    expect(guide.writer).toBe('local');
    expect(guide.stations.map((st) => st.position)).toEqual([1, 2, 3, 4]);
    expect(guide.stations[0].title).toBe('Welcome to Eiffel Tower');
    expect(guide.stations[0].text).toContain('Eiffel Tower is a landmark in Paris, France.');
    // The other stops are real seeded sights near the tower, each with walking directions from the previous stop.
    for (const st of guide.stations.slice(1)) {
      expect(st.sight_id).not.toBe(eiffel);
      expect(st.text).toMatch(/walk about \d[\d.,]* (metres|kilometres) (north|south|east|west)/);
    }
    expect(guide.stations[3].text).toContain('This is the last stop of the guide.');
    expect(body.usage).toMatchObject({ plan: 'free', limit: 3, used: 1, remaining: 2 });

    let total = 0;
    let bytes = 0;
    for (const st of guide.stations) {
      expect(st.audio_url).toBe(`/guides/audio/${st.id}`);
      expect(st.audio_mime).toBe('audio/mpeg');
      const res = await audio(st.audio_url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
      // A plain run of MPEG-2 Layer III frames: the file opens on a frame sync (or an ID3 tag).
      const sync = res.bytes[0] === 0xff && (res.bytes[1] & 0xe0) === 0xe0;
      expect(sync || res.bytes.toString('latin1', 0, 3) === 'ID3').toBe(true);
      const info = mp3Info(res.bytes);
      expect(info).toMatchObject({ channels: 1, sampleRate: 22050, bitrateKbps: MP3_KBPS });
      const seconds = info.durationS;
      expect(st.duration_s).toBeCloseTo(seconds, 1);
      expect(seconds).toBeGreaterThan(2);
      // Compressed: the same narration as 16-bit PCM WAV would be more than 5 times larger (about 7 at 48 kbit/s).
      const wavBytes = 44 + seconds * info.sampleRate * 2;
      expect(wavBytes / res.bytes.length).toBeGreaterThan(5);
      total += seconds;
      bytes += res.bytes.length;

      // Timings are measured on the audio: ordered, inside the file, one per sentence of the text. Decoded as a
      // browser plays it, the gap between two sentences is silence and each sentence starts and ends with speech.
      const pcm = await decodeMp3(res.bytes);
      expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(seconds, 2);
      expect(st.sentences.map((x) => x.text).join(' ')).toBe(st.text);
      expect(st.sentences.length).toBeGreaterThan(2);
      expect(st.sentences[0].start).toBe(0);
      expect(st.sentences.at(-1)!.end).toBeCloseTo(seconds, 1);
      for (let i = 1; i < st.sentences.length; i++) {
        const prev = st.sentences[i - 1];
        const cur = st.sentences[i];
        expect(cur.start).toBeGreaterThan(prev.end);
        expect(cur.start - prev.end).toBeGreaterThan(0.4);
        // Silence, allowing for the codec's ringing right at the edges (MP3 smears about one frame, ~50 ms).
        expect(peakIn(pcm, prev.end + 0.06, cur.start - 0.06)).toBeLessThan(300);
        expect(peakIn(pcm, cur.start, cur.start + 0.15)).toBeGreaterThan(1000);
        expect(peakIn(pcm, prev.end - 0.15, prev.end)).toBeGreaterThan(1000);
      }
    }
    expect(guide.duration_s).toBeCloseTo(total, 0);

    // Stored under DATA_DIR (its media directory), recorded with its analytics event (cost and tokens).
    const files = fs.readdirSync(path.join(dataDir, 'media', 'guide-audio', guide.id));
    expect(files).toHaveLength(4);
    const row = (
      await s.db.query<{ status: string; tokens: number; user_id: string }>(
        'SELECT status, tokens, user_id FROM public.guides WHERE id = $1',
        [guide.id],
      )
    ).rows[0];
    expect(row).toMatchObject({ status: 'ready', user_id: a.user.id });
    expect(row.tokens).toBeGreaterThan(50);
    const ev = (
      await s.db.query<{ amount_cents: number; tokens: number; meta: Record<string, unknown> }>(
        "SELECT amount_cents, tokens, meta FROM public.analytics_events WHERE kind = 'guide_generation' AND meta->>'guide_id' = $1",
        [guide.id],
      )
    ).rows;
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ amount_cents: 0, tokens: row.tokens });
    expect(ev[0].meta).toMatchObject({
      writer: 'local',
      tts: 'espeak-ng',
      stations: 4,
      sight_id: eiffel,
      audio_mime: 'audio/mpeg',
      audio_bytes: bytes,
    });
  }, 60_000);

  it('the same facts give the same text (deterministic local writer)', async () => {
    const again = await generateGuide(s, a.user, {
      sight_id: eiffel,
      max_stations: 4,
      voice: 'male',
      words_per_minute: 190,
    });
    expect(again.status).toBe(200);
    expect(again.body.guide.stations.map((st: { text: string }) => st.text)).toEqual(
      guide.stations.map((st) => st.text),
    );
    expect(again.body.guide.voice).toBe('male');
    // Faster speech: a shorter first station.
    expect(again.body.guide.stations[0].duration_s).toBeLessThan(guide.stations[0].duration_s!);
  }, 60_000);

  it("GET /sights/:id/guide returns the caller's latest guide and usage; others cannot read it", async () => {
    const mine = await call(s, 'GET', `/sights/${eiffel}/guide`, a.user);
    expect(mine.status).toBe(200);
    const parsed = SightGuideResponse.parse(mine.body);
    expect(parsed.guide!.voice).toBe('male');
    expect(parsed.usage).toMatchObject({ used: 2, remaining: 1 });
    const theirs = await call(s, 'GET', `/sights/${eiffel}/guide`, a.other);
    expect(theirs.body.guide).toBeNull();
    expect((await call(s, 'GET', `/guides/${guide.id}`, a.user)).body.guide.id).toBe(guide.id);
    expect((await call(s, 'GET', `/guides/${guide.id}`, a.other)).status).toBe(404);
    expect((await call(s, 'GET', `/guides/${guide.id}`, a.admin)).status).toBe(200);
    expect((await call(s, 'GET', `/guides/${guide.id}`, a.anon)).status).toBe(401);
    expect((await call(s, 'GET', '/guides/not-a-uuid', a.user)).status).toBe(400);
    expect((await call(s, 'GET', `/sights/${eiffel}/guide`, a.anon)).status).toBe(401);
    expect((await call(s, 'GET', '/sights/no-such-sight/guide', a.user)).status).toBe(404);
  });

  it('serves byte ranges of the audio: 206 with Content-Range, suffix and open ranges, 416 for bad ones', async () => {
    const url = guide.stations[1].audio_url!;
    const full = (await audio(url)).bytes;
    const size = full.length;

    const head = await audio(url, { range: 'bytes=0-11' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-11/${size}`);
    expect(head.headers.get('content-length')).toBe('12');
    expect(head.bytes.equals(full.subarray(0, 12))).toBe(true);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect([head.bytes[0], head.bytes[1] & 0xe0]).toEqual([0xff, 0xe0]);

    // A seek into the middle of the file, as a browser asks for it: the exact bytes.
    const seek = Math.floor(size / 2);
    const tail = await audio(url, { range: `bytes=${seek}-` });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${seek}-${size - 1}/${size}`);
    expect(tail.bytes.equals(full.subarray(seek))).toBe(true);

    const mid = await audio(url, { range: 'bytes=1000-1999' });
    expect(mid.status).toBe(206);
    expect(mid.bytes.equals(full.subarray(1000, 2000))).toBe(true);

    const open = await audio(url, { range: `bytes=${size - 100}-` });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(open.bytes.equals(full.subarray(size - 100))).toBe(true);

    const suffix = await audio(url, { range: 'bytes=-64' });
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(full.subarray(size - 64))).toBe(true);

    const past = await audio(url, { range: `bytes=0-${size + 5000}` });
    expect(past.status).toBe(206);
    expect(past.bytes.length).toBe(size);

    for (const bad of [
      `bytes=${size}-`,
      `bytes=${size + 10}-${size + 20}`,
      'bytes=50-10',
      'bytes=abc',
      'bytes=-0',
      'bytes=-',
    ]) {
      const r = await audio(url, { range: bad });
      expect([bad, r.status]).toEqual([bad, 416]);
      expect(r.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(JSON.parse(r.bytes.toString()).error).toMatch(/Range not satisfiable/);
    }
    // Another unit or several ranges: the whole file.
    expect((await audio(url, { range: 'items=0-1' })).status).toBe(200);
    expect((await audio(url, { range: 'bytes=0-1,5-6' })).bytes.length).toBe(size);
    // HEAD: headers only.
    const h = await audio(url, {}, 'HEAD');
    expect(h.status).toBe(200);
    expect(h.headers.get('content-length')).toBe(String(size));
    expect(h.bytes.length).toBe(0);
    const hr = await audio(url, { range: 'bytes=0-9' }, 'HEAD');
    expect([hr.status, hr.headers.get('content-range')]).toEqual([206, `bytes 0-9/${size}`]);

    expect((await audio('/guides/audio/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const notUuid = await audio('/guides/audio/..%2F..%2Fetc%2Fpasswd');
    expect(notUuid.status).toBe(400);
    expect(JSON.parse(notUuid.bytes.toString()).error).toMatch(/Invalid station id/);
  });

  it('still serves a WAV narration stored before the MP3 encoder, with its own content type and ranges', async () => {
    // 0.5 s of 16-bit mono PCM at 22,050 Hz, as guides were rendered before.
    const pcm = Buffer.alloc(22050);
    for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(6000 * Math.sin(i / 5)), i * 2);
    const wav = wavFile(pcm, 22050, 1);
    const rows = [
      { id: '6f1e2d3c-0000-4000-8000-000000000001', mime: 'audio/wav' as string | null },
      // A row without a recorded type: taken from the file name.
      { id: '6f1e2d3c-0000-4000-8000-000000000002', mime: null },
    ];
    for (const [i, row] of rows.entries()) {
      const rel = `guide-audio/${guide.id}/legacy-${i}.wav`;
      fs.writeFileSync(path.join(dataDir, 'media', rel), wav);
      await s.db.query(
        `INSERT INTO public.stations (id, sight_id, guide_id, position, title, text, audio_path, audio_mime, sentences, duration_s)
         VALUES ($1, $2, $3, $4, 'Legacy', 'An older narration.', $5, $6, '[]', 0.5)`,
        [row.id, eiffel, guide.id, 90 + i, rel, row.mime],
      );
      const res = await audio(`/guides/audio/${row.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.bytes.equals(wav)).toBe(true);
      const part = await audio(`/guides/audio/${row.id}`, { range: 'bytes=0-11' });
      expect([
        part.status,
        part.bytes.toString('latin1', 0, 4),
        part.bytes.toString('latin1', 8, 12),
      ]).toEqual([206, 'RIFF', 'WAVE']);
    }
    await s.db.query('DELETE FROM public.stations WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
  });

  it('refuses without a valid bearer (401), bad input (400) and unknown sights (404)', async () => {
    const anon = await generateGuide(s, a.anon, { sight_id: eiffel });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('Authentication required');
    const forged = await fetch(`${s.url}/sights/generate-guide`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-jwt', 'content-type': 'application/json' },
      body: JSON.stringify({ sight_id: eiffel }),
    });
    expect(forged.status).toBe(401);

    const user = await freshUser();
    for (const [body, msg] of [
      [{}, /sight_id/],
      [{ sight_id: '' }, /sight_id is required/],
      [{ sight_id: eiffel, max_stations: 0 }, /max_stations must be 1-8/],
      [{ sight_id: eiffel, words_per_minute: 500 }, /words_per_minute must be 100-220/],
      [{ sight_id: eiffel, voice: 'robot' }, /voice/],
      [{ sight_id: eiffel, extra: 1 }, /extra/i],
      [[1, 2], /expected object/i],
    ] as const) {
      const r = await generateGuide(s, user, body);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
      expect(r.body.error).toMatch(msg);
    }
    const malformed = await fetch(`${s.url}/sights/generate-guide`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"sight_id":',
    });
    expect(malformed.status).toBe(400);
    const empty = await fetch(`${s.url}/sights/generate-guide`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(empty.status).toBe(400);

    const missing = await generateGuide(s, user, { sight_id: 'no-such-sight' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Sight not found');
    // None of these used the allowance.
    expect((await call(s, 'GET', '/guides/usage', user)).body.usage).toMatchObject({ used: 0, remaining: 3 });
  });
});

describe('monthly guide limit per plan', () => {
  it('a free user gets 3 guides a month; the 4th is refused with 429 and a link to /pricing', async () => {
    const user = await freshUser();
    for (let i = 1; i <= 3; i++) {
      const r = await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
      expect(r.status).toBe(200);
      expect(r.body.usage).toMatchObject({ used: i, remaining: 3 - i });
    }
    const fourth = await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
    expect(fourth.status).toBe(429);
    const err = GuideLimitError.parse(fourth.body);
    expect(err.code).toBe('guide_limit_reached');
    expect(err.upgrade_url).toBe('/pricing');
    expect(err.error).toMatch(
      /You have used all 3 guides of your Free plan this month\. Upgrade your plan at \/pricing/,
    );
    expect(err.usage).toMatchObject({ plan: 'free', limit: 3, used: 3, remaining: 0, credits: 0 });
    expect(new Date(err.usage.resets_at).getUTCDate()).toBe(1);
    expect((await s.db.query('SELECT 1 FROM public.guides WHERE user_id = $1', [user.id])).rowCount).toBe(3);

    // Last month's guides do not count.
    await s.db.query(
      "UPDATE public.guides SET created_at = created_at - interval '32 days' WHERE user_id = $1",
      [user.id],
    );
    expect((await call(s, 'GET', '/guides/usage', user)).body.usage).toMatchObject({ used: 0, remaining: 3 });
    expect((await generateGuide(s, user, { sight_id: eiffel, ...QUICK })).status).toBe(200);
  }, 60_000);

  it('parallel requests cannot exceed the allowance', async () => {
    const user = await freshUser();
    for (let i = 0; i < 2; i++)
      expect((await generateGuide(s, user, { sight_id: eiffel, ...QUICK })).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => generateGuide(s, user, { sight_id: eiffel, ...QUICK })),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect((await s.db.query('SELECT 1 FROM public.guides WHERE user_id = $1', [user.id])).rowCount).toBe(3);
  }, 60_000);

  it("an 'Extra guide' bought in the shop allows one more guide beyond the allowance", async () => {
    const user = await freshUser();
    for (let i = 0; i < 3; i++) await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
    await s.db.query(
      "INSERT INTO public.currency_ledger (user_id, amount, reason) VALUES ($1, 50, 'grant')",
      [user.id],
    );
    const credit = (
      await s.db.query<{ id: string }>("SELECT id FROM public.shop_items WHERE kind = 'guide_credit' LIMIT 1")
    ).rows[0].id;
    expect((await call(s, 'POST', '/shop/purchase', user, { item_id: credit })).status).toBe(200);
    expect((await call(s, 'GET', '/guides/usage', user)).body.usage).toMatchObject({
      used: 3,
      remaining: 1,
      credits: 1,
    });
    const extra = await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
    expect(extra.status).toBe(200);
    expect(extra.body.usage).toMatchObject({ used: 3, remaining: 0, credits: 0 });
    expect((await generateGuide(s, user, { sight_id: eiffel, ...QUICK })).status).toBe(429);
  }, 60_000);

  it('a Premium subscriber has no monthly limit; a subscription that ended falls back to Free', async () => {
    const user = await freshUser();
    await s.db.query(
      "INSERT INTO public.subscriptions (user_id, plan, status, current_period_end) VALUES ($1, 'premium', 'active', now() + interval '30 days')",
      [user.id],
    );
    for (let i = 0; i < 4; i++) {
      const r = await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
      expect(r.status).toBe(200);
      expect(r.body.usage).toMatchObject({ plan: 'premium', limit: null, remaining: null });
    }
    await s.db.query(
      "UPDATE public.subscriptions SET status = 'canceled', current_period_end = now() - interval '1 day' WHERE user_id = $1",
      [user.id],
    );
    const after = await generateGuide(s, user, { sight_id: eiffel, ...QUICK });
    expect(after.status).toBe(429);
    expect(after.body.usage).toMatchObject({ plan: 'free', used: 4 });
  }, 60_000);
});
