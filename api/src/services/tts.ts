import { Worker } from 'node:worker_threads';
import type { GuideVoice, SentenceTiming } from '@wayfarer/contracts';

/**
 * Text to speech behind a small interface, so a hosted voice can replace the offline engine without touching the
 * guide service. The default engine is espeak-ng compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later),
 * run as a separate program in a worker thread: no network, about 0.2-0.4 s per station.
 */
export interface SpeechResult {
  /** The narration as a complete WAV file. */
  audio: Buffer;
  mime: string;
  extension: string;
  durationS: number;
  /** When each input sentence is spoken, measured on the rendered audio. */
  sentences: SentenceTiming[];
}

export interface SpeechEngine {
  readonly name: string;
  render(sentences: string[], opts: { voice: GuideVoice; wordsPerMinute: number }): Promise<SpeechResult>;
  close(): Promise<void>;
}

/** Pause inserted between sentences; long enough to find again on the audio, short enough to sound natural. */
export const SENTENCE_GAP_MS = 650;
const VOICES: Record<GuideVoice, string> = { female: 'en-us+f3', male: 'en-us+m3' };
const RENDER_TIMEOUT_MS = 60_000;

export interface Pcm {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset and length of the data chunk. */
  dataOffset: number;
  dataLength: number;
}

/** Reads the fmt and data chunks of a RIFF/WAVE file; throws on anything else. */
export function parseWav(buf: Buffer): Pcm {
  if (buf.length < 44 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let off = 12;
  let fmt: Omit<Pcm, 'dataOffset' | 'dataLength'> | null = null;
  while (off + 8 <= buf.length) {
    const id = buf.toString('latin1', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      fmt = { channels: buf.readUInt16LE(body + 2), sampleRate: buf.readUInt32LE(body + 4), bitsPerSample: buf.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!fmt) break;
      // Streaming writers may leave the size unset; the data then runs to the end of the file.
      return { ...fmt, dataOffset: body, dataLength: Math.min(size, buf.length - body) };
    }
    off = body + size + (size % 2);
  }
  throw new Error('WAV file has no fmt/data chunk');
}

export function wavDuration(buf: Buffer): number {
  const p = parseWav(buf);
  return p.dataLength / (p.sampleRate * p.channels * (p.bitsPerSample / 8));
}

/** Runs of near-silence at least `minS` long, as [start, end] seconds (16-bit PCM, first channel). */
export function silentRuns(buf: Buffer, minS: number, threshold = 300): Array<[number, number]> {
  const p = parseWav(buf);
  if (p.bitsPerSample !== 16) return [];
  const frame = 2 * p.channels;
  const frames = Math.floor(p.dataLength / frame);
  const minFrames = Math.round(minS * p.sampleRate);
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= frames; i++) {
    const quiet = i < frames && Math.abs(buf.readInt16LE(p.dataOffset + i * frame)) < threshold;
    if (quiet) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= minFrames) runs.push([start / p.sampleRate, i / p.sampleRate]);
      start = -1;
    }
  }
  return runs;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Sentence timings from the audio: the engine was asked for a SENTENCE_GAP_MS pause between sentences, so the
 * n-1 longest inner silences are the boundaries. When the audio does not show them (an engine that ignores the
 * pause), each sentence gets a share of the duration proportional to its length.
 */
export function sentenceTimings(sentences: string[], wav: Buffer, gapMs = SENTENCE_GAP_MS): SentenceTiming[] {
  const duration = wavDuration(wav);
  if (sentences.length === 0) return [];
  const inner = silentRuns(wav, (gapMs / 1000) * 0.8).filter(([s, e]) => s > 0.05 && e < duration - 0.05);
  if (sentences.length > 1 && inner.length >= sentences.length - 1) {
    const breaks = [...inner]
      .sort((a, b) => b[1] - b[0] - (a[1] - a[0]))
      .slice(0, sentences.length - 1)
      .sort((a, b) => a[0] - b[0]);
    return sentences.map((text, i) => ({
      text,
      start: round(i === 0 ? 0 : breaks[i - 1][1]),
      end: round(i === sentences.length - 1 ? duration : breaks[i][0]),
    }));
  }
  const total = sentences.reduce((n, s) => n + s.length, 0) || 1;
  let acc = 0;
  return sentences.map((text) => {
    const start = (acc / total) * duration;
    acc += text.length;
    return { text, start: round(start), end: round((acc / total) * duration) };
  });
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** SSML for the engine: the sentences with a fixed pause between them. */
export function toSsml(sentences: string[], gapMs = SENTENCE_GAP_MS): string {
  return `<speak>${sentences.map((s) => escapeXml(s.replace(/\s+/g, ' ').trim())).join(` <break time="${gapMs}ms"/> `)}</speak>`;
}

interface Pending {
  resolve: (wav: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** espeak-ng in one worker thread, jobs queued in order; the worker starts on first use and is unref'd. */
export function createEspeakEngine(): SpeechEngine {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(err);
      pending.delete(id);
    }
  };

  const getWorker = (): Worker => {
    if (worker) return worker;
    const w = new Worker(new URL('./tts-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; wav?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.wav) p.resolve(Buffer.from(m.wav.buffer, m.wav.byteOffset, m.wav.byteLength));
      else p.reject(new Error(m.error ?? 'speech rendering failed'));
    });
    w.on('error', (err) => {
      worker = null;
      failAll(err);
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('speech engine stopped'));
    });
    worker = w;
    return w;
  };

  const renderWav = (text: string, voice: string, wpm: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const id = ++seq;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('speech rendering timed out'));
      }, RENDER_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      getWorker().postMessage({ id, text, voice, wpm });
    });

  return {
    name: 'espeak-ng',
    async render(sentences, { voice, wordsPerMinute }) {
      const audio = await renderWav(toSsml(sentences), VOICES[voice], wordsPerMinute);
      return {
        audio,
        mime: 'audio/wav',
        extension: 'wav',
        durationS: round(wavDuration(audio)),
        sentences: sentenceTimings(sentences, audio),
      };
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error('speech engine closed'));
      if (w) await w.terminate();
    },
  };
}
