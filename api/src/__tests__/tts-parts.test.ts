import { afterAll, describe, expect, it } from '@jest/globals';
import { MPEGDecoder } from 'mpg123-decoder';
import { createEspeakEngine, mp3Info, parseWav, splitParts, type SpeechResult } from '../services/tts';

/**
 * A narration someone waits for (a guide's first station) is rendered in parts on several engine threads and
 * joined: the joined file must play like the one rendered whole (same sentences, a pause between every two,
 * speech right at each sentence's timing), whatever the format.
 */
const SENTENCES = [
  'Welcome to Eiffel Tower.',
  'Eiffel Tower is a landmark in Paris, France.',
  'It is busy for much of the day, so early morning or evening visits are calmer.',
  'Start by walking around it once, and notice how it changes from each side.',
  'This guide has 5 stops, with about 1.4 kilometres of walking, roughly 18 minutes on foot.',
  'When you are ready, continue to the next stop.',
];
const OPTS = { voice: 'female' as const, wordsPerMinute: 160 };

describe('splitParts', () => {
  it('keeps every sentence once and in order, in runs of about equal length, none empty', () => {
    const parts = splitParts(SENTENCES, 2);
    expect(parts).toHaveLength(2);
    expect(parts.flat()).toEqual(SENTENCES);
    const len = (p: string[]) => p.join(' ').length;
    expect(Math.abs(len(parts[0]) - len(parts[1]))).toBeLessThan(SENTENCES.join(' ').length / 3);
    expect(splitParts(SENTENCES, 3).map((p) => p.length).every((n) => n > 0)).toBe(true);
    expect(splitParts(['a.', 'b.'], 5)).toEqual([['a.'], ['b.']]);
    expect(splitParts(['One.', 'Two.', 'Three.'], 1)).toEqual([['One.', 'Two.', 'Three.']]);
    expect(splitParts(['A very long first sentence that outweighs the rest by far.', 'b.', 'c.'], 3)).toEqual([
      ['A very long first sentence that outweighs the rest by far.'],
      ['b.'],
      ['c.'],
    ]);
  });
});

async function decode(mp3: Buffer): Promise<Float32Array> {
  const d = new MPEGDecoder();
  await d.ready;
  try {
    const out = d.decode(new Uint8Array(mp3));
    expect(out.errors).toEqual([]);
    return out.channelData[0].map((v) => v * 32768);
  } finally {
    d.free();
  }
}
function wavSamples(wav: Buffer): Float32Array {
  const p = parseWav(wav);
  const out = new Float32Array(p.dataLength / 2);
  for (let i = 0; i < out.length; i++) out[i] = wav.readInt16LE(p.dataOffset + i * 2);
  return out;
}
const peak = (samples: Float32Array, rate: number, from: number, to: number) => {
  let m = 0;
  for (let i = Math.max(0, Math.ceil(from * rate)); i < Math.min(samples.length, Math.floor(to * rate)); i++) m = Math.max(m, Math.abs(samples[i]));
  return m;
};

function expectPlaysLikeWhole(r: SpeechResult, samples: Float32Array, rate: number, whole: SpeechResult) {
  expect(r.sentences.map((t) => t.text)).toEqual(SENTENCES);
  expect(r.sentences[0].start).toBe(0);
  expect(r.sentences.at(-1)!.end).toBeCloseTo(r.durationS, 1);
  expect(samples.length / rate).toBeCloseTo(r.durationS, 1);
  // About as long as the narration rendered whole (each join adds at most a codec frame or two).
  expect(Math.abs(r.durationS - whole.durationS)).toBeLessThan(0.4);
  for (let i = 1; i < r.sentences.length; i++) {
    const prev = r.sentences[i - 1];
    const cur = r.sentences[i];
    expect(cur.start - prev.end).toBeGreaterThan(0.4);
    expect(peak(samples, rate, prev.end + 0.06, cur.start - 0.06)).toBeLessThan(300);
    expect(peak(samples, rate, cur.start, cur.start + 0.15)).toBeGreaterThan(1000);
    expect(peak(samples, rate, prev.end - 0.15, prev.end)).toBeGreaterThan(1000);
  }
}

describe('rendering a narration in parts', () => {
  const mp3 = createEspeakEngine({ threads: 2 });
  const wav = createEspeakEngine({ threads: 2, mp3Kbps: null });
  afterAll(async () => {
    await mp3.close();
    await wav.close();
  });

  it('MP3: two parts joined into one stream of frames, timings on the joined timeline', async () => {
    expect(mp3.threads).toBe(2);
    const [whole, parts] = await Promise.all([mp3.render(SENTENCES, OPTS), mp3.render(SENTENCES, { ...OPTS, parts: 2 })]);
    expect(parts.mime).toBe('audio/mpeg');
    const info = mp3Info(parts.audio);
    expect(info.durationS).toBeCloseTo(parts.durationS, 2);
    expectPlaysLikeWhole(parts, await decode(parts.audio), info.sampleRate, whole);
  }, 60_000);

  it('WAV: the parts joined with the pause between them, one RIFF file', async () => {
    const [whole, parts] = await Promise.all([wav.render(SENTENCES, OPTS), wav.render(SENTENCES, { ...OPTS, parts: 2 })]);
    expect(parts.mime).toBe('audio/wav');
    const p = parseWav(parts.audio);
    expect(p.dataOffset + p.dataLength).toBe(parts.audio.length);
    expectPlaysLikeWhole(parts, wavSamples(parts.audio), p.sampleRate, whole);
  }, 60_000);

  it('asking for more parts than threads renders as many parts as there are threads', async () => {
    const one = createEspeakEngine({ threads: 1 });
    try {
      const r = await one.render(SENTENCES.slice(0, 3), { ...OPTS, parts: 4 });
      expect(r.sentences.map((t) => t.text)).toEqual(SENTENCES.slice(0, 3));
      expect(mp3Info(r.audio).frames).toBeGreaterThan(10);
    } finally {
      await one.close();
    }
  }, 60_000);
});
