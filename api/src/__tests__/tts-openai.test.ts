import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { decodeMp3, peakIn } from '../testing/audio';
import { GenerateGuideResponse } from '@wayfarer/contracts';
import { loadConfig } from '../config/env';
import { createEspeakEngine, mp3Info, type SpeechResult } from '../services/tts';
import { createOpenAiSpeechEngine, speedOf } from '../services/tts-openai';
import { startTestServer, type TestServer } from '../testing/test-server';
import { HOSTED_RATE, startSpeechStandIn } from '../testing/tts-server';
import { actors, generateGuide, type Actor } from './product-helpers';

/** The OpenAI-compatible speech stand-in (src/testing/tts-server.ts), on its own port. */
let stand: Awaited<ReturnType<typeof startSpeechStandIn>>;
beforeAll(async () => {
  stand = await startSpeechStandIn();
}, 120_000);
afterAll(() => stand.close());
beforeEach(() => stand.reset());

/** Speech right at each sentence's timing, silence in the pause between every two. */
async function expectTimedSpeech(r: SpeechResult, sentences: string[]) {
  expect(r.mime).toBe('audio/mpeg');
  expect(r.sentences.map((t) => t.text)).toEqual(sentences);
  expect(r.sentences[0].start).toBe(0);
  expect(r.sentences.at(-1)!.end).toBeCloseTo(r.durationS, 1);
  const pcm = await decodeMp3(r.audio);
  expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(r.durationS, 1);
  for (let i = 1; i < r.sentences.length; i++) {
    const prev = r.sentences[i - 1];
    const cur = r.sentences[i];
    expect(cur.start - prev.end).toBeGreaterThan(0.4);
    expect(peakIn(pcm, prev.end + 0.06, cur.start - 0.06)).toBeLessThan(300);
    expect(peakIn(pcm, cur.start, cur.start + 0.15)).toBeGreaterThan(1000);
    expect(peakIn(pcm, prev.end - 0.15, prev.end)).toBeGreaterThan(1000);
  }
  return pcm;
}

const SENTENCES = [
  'Welcome to the Colosseum.',
  'The Colosseum is an amphitheatre in Rome, Italy.',
  'Walk around it once, and notice how it changes from each side.',
  'When you are ready, continue to the next stop.',
];
const OPTS = { voice: 'female' as const, wordsPerMinute: 160 };

describe('the hosted voice (OpenAI-compatible /audio/speech)', () => {
  const fallback = createEspeakEngine();
  const warnings: Array<{ obj: object; msg: string }> = [];
  const engine = (timeoutMs = 10_000) =>
    createOpenAiSpeechEngine({
      url: `${stand.url}/`,
      apiKey: 'sk-tts-test',
      model: 'gpt-4o-mini-tts',
      voices: { female: 'nova', male: 'onyx' },
      timeoutMs,
      fallback,
      encodeMp3: (samples, rate) => fallback.encodeMp3(samples, rate),
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
  beforeEach(() => void (warnings.length = 0));
  afterAll(() => fallback.close());

  it('maps words per minute to the API speed', () => {
    expect(speedOf(160)).toBe(1);
    expect(speedOf(200)).toBe(1.25);
    expect(speedOf(10)).toBe(0.25);
    expect(speedOf(1000)).toBe(4);
  });

  it('asks for each sentence in OpenAI format, joins the real audio with pauses and times the sentences on it', async () => {
    const r = await engine().render(SENTENCES, { voice: 'male', wordsPerMinute: 200 });
    expect(r.engine).toBe('openai-tts');
    expect(warnings).toEqual([]);
    expect(stand.received.map((x) => x.body.input).sort()).toEqual([...SENTENCES].sort());
    for (const x of stand.received) {
      expect(x.auth).toBe('Bearer sk-tts-test');
      expect(x.body).toMatchObject({
        model: 'gpt-4o-mini-tts',
        voice: 'onyx',
        response_format: 'wav',
        speed: 1.25,
      });
    }
    const info = mp3Info(r.audio);
    expect(info.sampleRate).toBe(HOSTED_RATE); // the hosted audio, not espeak-ng's 22,050 Hz
    expect(info.durationS).toBeCloseTo(r.durationS, 2);
    await expectTimedSpeech(r, SENTENCES);
    // Each sentence lasts as long as the speech the stand-in sent for it (plus the codec's frame rounding).
    r.sentences.forEach((t, i) =>
      expect(Math.abs(t.end - t.start - stand.spoken.get(SENTENCES[i])!)).toBeLessThan(
        0.15 + (i === 0 || i === 3 ? 0.1 : 0),
      ),
    );
  }, 60_000);

  it("asks for the guide's language and speaks it; tts-1 models are not sent instructions", async () => {
    const french = ['Bienvenue à la tour Eiffel.', 'Regardez vers le nord !'];
    const r = await engine().render(french, { voice: 'female', wordsPerMinute: 160, language: 'fr' });
    expect(r.engine).toBe('openai-tts');
    expect(r.voiceName).toBe('nova');
    expect(stand.received.map((x) => x.body.instructions)).toEqual(['Speak in French.', 'Speak in French.']);
    await expectTimedSpeech(r, french);
    stand.reset();
    const old = createOpenAiSpeechEngine({
      url: stand.url,
      apiKey: 'sk-tts-test',
      model: 'tts-1',
      voices: { female: 'nova', male: 'onyx' },
      timeoutMs: 10_000,
      fallback,
      encodeMp3: (samples, rate) => fallback.encodeMp3(samples, rate),
    });
    await old.render(['Ciao.'], { voice: 'male', wordsPerMinute: 160, language: 'it' });
    expect(stand.received.map((x) => 'instructions' in x.body)).toEqual([false]);
  }, 60_000);

  it.each([
    ['error500', 'HTTP 500: The server had an error'],
    ['hang', 'no answer within 1500 ms'],
    ['garbage', 'the audio is not WAV (Not a WAV file)'],
    ['silence', 'the audio holds no speech'],
    ['fail-third', 'HTTP 500: The server had an error'],
  ] as const)(
    'falls back to espeak-ng when the endpoint answers %s, and logs why',
    async (mode, reason) => {
      stand.mode = mode;
      const started = Date.now();
      const r = await engine(1500).render(SENTENCES, OPTS);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(stand.received.length).toBeGreaterThan(0);
      expect(r.engine).toBe('espeak-ng');
      expect(mp3Info(r.audio).sampleRate).toBe(22050);
      await expectTimedSpeech(r, SENTENCES);
      expect(warnings).toHaveLength(1);
      expect(warnings[0].obj).toMatchObject({ model: 'gpt-4o-mini-tts', reason });
      expect(warnings[0].msg).toContain('espeak-ng spoke this station');
    },
    60_000,
  );
});

describe('a guide narrated with TTS_API_URL set', () => {
  let s: TestServer;
  let user: Actor;
  let dataDir: string;
  let eiffel: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-guides-tts-'));
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TTS_API_URL: stand.url,
      TTS_API_KEY: 'sk-tts-guide',
      TTS_VOICE_FEMALE: 'shimmer',
      TTS_TIMEOUT_MS: '30000',
    });
    expect(base.ttsApi).toMatchObject({
      url: stand.url,
      model: 'gpt-4o-mini-tts',
      voices: { female: 'shimmer', male: 'onyx' },
      timeoutMs: 30_000,
    });
    s = await startTestServer({
      seed: true,
      config: { dataDir, media: base.media, ttsApi: base.ttsApi },
      worker: true,
    });
    user = (await actors(s)).user;
    eiffel = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
      .rows[0].id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The engine the guide's analytics event names (what operators see spoke it). */
  const recordedEngine = async (guideId: string) =>
    (
      await s.db.query<{ tts: string }>(
        "SELECT meta->>'tts' AS tts FROM public.analytics_events WHERE kind = 'guide_generation' AND meta->>'guide_id' = $1",
        [guideId],
      )
    ).rows[0]?.tts;

  const stationAudio = async (guideId: string) => {
    const rows = (
      await s.db.query<{ audio_path: string }>(
        'SELECT audio_path FROM public.stations WHERE guide_id = $1 ORDER BY position',
        [guideId],
      )
    ).rows;
    return Promise.all(rows.map(async (r) => (await s.app.deps.media.get(r.audio_path))!));
  };

  it('speaks every station with the hosted voice, the transcript timed on its audio', async () => {
    const r = await generateGuide(s, user, { sight_id: eiffel, max_stations: 2, voice: 'female' });
    expect(r.status).toBe(200);
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.status).toBe('ready');
    const sentences = guide.stations.flatMap((st) => st.sentences.map((x) => x.text));
    expect(stand.received.map((x) => x.body.input).sort()).toEqual([...sentences].sort());
    expect(
      stand.received.every(
        (x) =>
          x.auth === 'Bearer sk-tts-guide' &&
          x.body.voice === 'shimmer' &&
          x.body.model === 'gpt-4o-mini-tts',
      ),
    ).toBe(true);
    const files = await stationAudio(guide.id);
    for (const [i, st] of guide.stations.entries()) {
      expect(st.audio_mime).toBe('audio/mpeg');
      const info = mp3Info(files[i]);
      expect(info.sampleRate).toBe(HOSTED_RATE);
      expect(st.duration_s).toBeCloseTo(info.durationS, 1);
      await expectTimedSpeech(
        {
          audio: files[i],
          mime: st.audio_mime!,
          extension: 'mp3',
          durationS: st.duration_s!,
          sentences: st.sentences,
        },
        st.sentences.map((x) => x.text),
      );
    }
    expect(await recordedEngine(guide.id)).toBe('openai-tts');
  }, 90_000);

  it('still makes the guide with espeak-ng when the endpoint fails', async () => {
    stand.mode = 'error500';
    const r = await generateGuide(s, user, { sight_id: eiffel, max_stations: 2, voice: 'male' });
    const { guide } = GenerateGuideResponse.parse(r.body);
    expect(guide.status).toBe('ready');
    expect(stand.received.length).toBeGreaterThan(0);
    const files = await stationAudio(guide.id);
    expect(files.map((f) => mp3Info(f).sampleRate)).toEqual(guide.stations.map(() => 22050));
    for (const [i, st] of guide.stations.entries()) {
      await expectTimedSpeech(
        {
          audio: files[i],
          mime: st.audio_mime!,
          extension: 'mp3',
          durationS: st.duration_s!,
          sentences: st.sentences,
        },
        st.sentences.map((x) => x.text),
      );
    }
    // The analytics say who really spoke: the fallback, not the configured hosted voice.
    expect(await recordedEngine(guide.id)).toBe('espeak-ng');
  }, 90_000);
});
