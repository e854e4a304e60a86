import { Worker } from 'node:worker_threads';
import type { GuideVoice, SentenceTiming } from '@wayfarer/contracts';

/**
 * Text to speech behind a small interface, so a hosted voice can replace the offline engine without touching the
 * guide service. The default engine is espeak-ng compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later),
 * run as a separate program in a worker thread, its PCM encoded there to MP3 (LAME compiled to WebAssembly, npm
 * `wasm-media-encoders`, MIT; LAME LGPL): no network, about 0.3 s per station.
 */
export interface SpeechResult {
  /** The narration as a complete audio file (MP3 by default; WAV when the engine is asked for PCM). */
  audio: Buffer;
  mime: string;
  extension: string;
  durationS: number;
  /** When each input sentence is spoken, measured on the rendered audio. */
  sentences: SentenceTiming[];
  /** The engine that actually spoke this narration (a hosted voice's fallback names itself); unset = `name`. */
  engine?: string;
  /** The engine's own voice that spoke it ('fr+f3' for espeak-ng's French female voice, 'nova' for a hosted one). */
  voiceName?: string;
}

export interface RenderOptions {
  voice: GuideVoice;
  wordsPerMinute: number;
  /** The text's language (GUIDE_LANGUAGES); English when absent. The engine speaks it with that language's voice. */
  language?: string;
}

export interface SpeechEngine {
  readonly name: string;
  render(sentences: string[], opts: RenderOptions): Promise<SpeechResult>;
  /** Starts the engine ahead of its first render (a worker process calls it at start-up), where that costs time. */
  warm?(): void;
  close(): Promise<void>;
}

/** Pause inserted between sentences; long enough to find again on the audio, short enough to sound natural. */
export const SENTENCE_GAP_MS = 650;
/**
 * espeak-ng's voice per guide language (the npm package's data holds them all: `espeak-ng --voices` lists en-us,
 * fr-fr, de, es, it and ar) with its female or male variant.
 */
const LANGUAGE_VOICES: Record<string, string> = {
  en: 'en-us',
  fr: 'fr-fr',
  de: 'de',
  es: 'es',
  it: 'it',
  ar: 'ar',
};
/** The espeak-ng voice that speaks a language ('fr' and 'female' → 'fr-fr+f3'); English for any other language. */
export const espeakVoice = (voice: GuideVoice, language = 'en') =>
  `${LANGUAGE_VOICES[language] ?? LANGUAGE_VOICES.en}+${voice === 'male' ? 'm3' : 'f3'}`;
const RENDER_TIMEOUT_MS = 60_000;
/** Mono speech at espeak-ng's 22,050 Hz: 48 kbit/s is clear and about 7 times smaller than the 16-bit PCM. */
export const MP3_KBPS = 48;
/**
 * Samples of silence a decoder puts before the first input sample of a LAME stream without a gapless (LAME)
 * tag: the encoder's delay (576) plus the MP3 decoder's (529). Timings measured on the PCM move by this much.
 */
export const MP3_DELAY_SAMPLES = 576 + 529;

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
  if (
    buf.length < 44 ||
    buf.toString('latin1', 0, 4) !== 'RIFF' ||
    buf.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw new Error('Not a WAV file');
  }
  let off = 12;
  let fmt: Omit<Pcm, 'dataOffset' | 'dataLength'> | null = null;
  while (off + 8 <= buf.length) {
    const id = buf.toString('latin1', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
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

export interface Mp3Info {
  /** Byte offset of the first frame (after an ID3v2 tag, if any). */
  audioOffset: number;
  frames: number;
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  /** Bit rate of the first frame, kbit/s. */
  bitrateKbps: number;
  /** What a decoder plays: every frame's samples, the encoder's delay and padding included. */
  durationS: number;
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** One MPEG audio Layer III frame header at `off`, or null. */
function mp3Frame(
  buf: Buffer,
  off: number,
): { length: number; sampleRate: number; channels: number; samples: number; kbps: number } | null {
  if (off + 4 > buf.length || buf[off] !== 0xff || (buf[off + 1] & 0xe0) !== 0xe0) return null;
  const version = (buf[off + 1] >> 3) & 3;
  const layer = (buf[off + 1] >> 1) & 3;
  const rates = MP3_RATES[version];
  const kbps = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[buf[off + 2] >> 4];
  const sampleRate = rates?.[(buf[off + 2] >> 2) & 3];
  if (layer !== 1 || !kbps || !sampleRate) return null;
  const padding = (buf[off + 2] >> 1) & 1;
  const samples = version === 3 ? 1152 : 576;
  return {
    length: Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding,
    sampleRate,
    channels: buf[off + 3] >> 6 === 3 ? 1 : 2,
    samples,
    kbps,
  };
}

/** Walks the frames of an MP3 (Layer III) file; throws when it is not one or a frame is broken. */
export function mp3Info(buf: Buffer): Mp3Info {
  let off = 0;
  if (buf.length >= 10 && buf.toString('latin1', 0, 3) === 'ID3') {
    const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
    off = 10 + size + (buf[5] & 0x10 ? 10 : 0);
  }
  const first = mp3Frame(buf, off);
  if (!first) throw new Error('Not an MP3 file');
  const audioOffset = off;
  let frames = 0;
  while (off < buf.length) {
    if (buf.length - off === 128 && buf.toString('latin1', off, off + 3) === 'TAG') break; // ID3v1 at the end
    const f = mp3Frame(buf, off);
    if (!f || f.sampleRate !== first.sampleRate || off + f.length > buf.length)
      throw new Error(`Broken MP3 frame at byte ${off}`);
    frames++;
    off += f.length;
  }
  return {
    audioOffset,
    frames,
    sampleRate: first.sampleRate,
    channels: first.channels,
    samplesPerFrame: first.samples,
    bitrateKbps: first.kbps,
    durationS: (frames * first.samples) / first.sampleRate,
  };
}

/**
 * Moves timings measured on the PCM onto the MP3's timeline: later by the codec's delay, the first sentence
 * still from 0 and the last to the end of the file.
 */
export function mp3Timings(
  pcm: SentenceTiming[],
  info: Pick<Mp3Info, 'sampleRate' | 'durationS'>,
): SentenceTiming[] {
  const delay = MP3_DELAY_SAMPLES / info.sampleRate;
  return pcm.map((t, i) => ({
    text: t.text,
    start: i === 0 ? 0 : round(Math.min(t.start + delay, info.durationS)),
    end: round(i === pcm.length - 1 ? info.durationS : Math.min(t.end + delay, info.durationS)),
  }));
}

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
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** SSML for the engine: the sentences with a fixed pause between them. */
export function toSsml(sentences: string[], gapMs = SENTENCE_GAP_MS): string {
  return `<speak>${sentences.map((s) => escapeXml(s.replace(/\s+/g, ' ').trim())).join(` <break time="${gapMs}ms"/> `)}</speak>`;
}

/** 16-bit PCM WAV of mono/multi-channel samples (a RIFF header and one data chunk). */
export function wavFile(pcm: Buffer, sampleRate: number, channels: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

interface Pending {
  resolve: (out: { wav: Buffer; mp3?: Buffer }) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * espeak-ng in one worker thread, jobs queued in order; the worker starts on first use and is unref'd. The
 * narration is encoded to MP3 at `mp3Kbps` in the worker (null: keep the WAV). Sentence pauses are measured on
 * the PCM before encoding. (Narrating one station in parts on two threads was tried: on this two-core machine
 * it was slower than one thread, 655 against 543 ms for a first station, so a station is one job.)
 */
export interface EspeakEngine extends SpeechEngine {
  /** Encodes mono 16-bit PCM to MP3 on the engine's thread (at `mp3Kbps`, else MP3_KBPS), off the event loop. */
  encodeMp3(samples: Int16Array, sampleRate: number): Promise<Buffer>;
}

export function createEspeakEngine(opts: { mp3Kbps?: number | null } = {}): EspeakEngine {
  const kbps = opts.mp3Kbps === undefined ? MP3_KBPS : opts.mp3Kbps;
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
    w.on('message', (m: { id: number; wav?: Uint8Array; mp3?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.wav) p.resolve({ wav: toBuffer(m.wav), mp3: m.mp3 && toBuffer(m.mp3) });
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

  const job = (message: Record<string, unknown>, what: string) =>
    new Promise<{ wav: Buffer; mp3?: Buffer }>((resolve, reject) => {
      const id = ++seq;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${what} timed out`));
      }, RENDER_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      getWorker().postMessage({ id, ...message });
    });

  return {
    name: 'espeak-ng',
    // The thread compiles the module and makes its first instance at once, before any guide waits for it.
    warm: () => void getWorker(),
    async encodeMp3(samples, sampleRate) {
      const out = await job({ pcm: samples, sampleRate, kbps: kbps || MP3_KBPS }, 'MP3 encoding');
      if (!out.mp3) throw new Error('the encoder returned no MP3');
      return out.mp3;
    },
    async render(sentences, { voice, wordsPerMinute, language }) {
      const voiceName = espeakVoice(voice, language);
      const { wav, mp3 } = await job(
        { text: toSsml(sentences), voice: voiceName, wpm: wordsPerMinute, kbps },
        'speech rendering',
      );
      const timings = sentenceTimings(sentences, wav);
      if (!kbps)
        return {
          audio: wav,
          mime: 'audio/wav',
          extension: 'wav',
          durationS: round(wavDuration(wav)),
          sentences: timings,
          voiceName,
        };
      if (!mp3) throw new Error('the speech engine returned no MP3');
      const info = mp3Info(mp3);
      return {
        audio: mp3,
        mime: 'audio/mpeg',
        extension: 'mp3',
        durationS: round(info.durationS),
        sentences: mp3Timings(timings, info),
        voiceName,
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
