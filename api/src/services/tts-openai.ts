import type { GuideVoice } from '@wayfarer/contracts';
import {
  parseWav,
  SENTENCE_GAP_MS,
  mp3Info,
  mp3Timings,
  sentenceTimings,
  wavFile,
  type SpeechEngine,
  type SpeechResult,
} from './tts';

/**
 * A hosted, human-sounding voice over an OpenAI-compatible speech API (POST {url}/audio/speech, as OpenAI's
 * `{model, input, voice, response_format, speed}`). Each sentence is asked for on its own as 16-bit WAV, trimmed
 * of the silence around it and joined with SENTENCE_GAP_MS of silence, so the sentence timings are measured on
 * the audio (sentenceTimings, as for espeak-ng) without relying on pauses a neural voice may not keep. The joined
 * PCM is encoded to MP3 off the event loop (the espeak-ng engine's thread), so the stored format stays
 * audio/mpeg. Any failure (network, time-out, an error status, audio that is not 16-bit WAV or holds no speech)
 * narrates that station with the fallback engine instead, logged; the result's `engine` says which one spoke.
 */
export interface OpenAiSpeechOptions {
  /** e.g. https://api.openai.com/v1 (no trailing slash needed). */
  url: string;
  apiKey: string | undefined;
  model: string;
  voices: Record<GuideVoice, string>;
  /** One request (one sentence). */
  timeoutMs: number;
  /** Speaks a station whose hosted audio could not be had; closed with this engine. */
  fallback: SpeechEngine;
  /** Mono 16-bit PCM to MP3 (the espeak-ng engine's encodeMp3). */
  encodeMp3: (samples: Int16Array, sampleRate: number) => Promise<Buffer>;
  /** Sentence requests of one station in flight at once. Default 4. */
  concurrency?: number;
  log?: { warn: (obj: object, msg: string) => void };
  fetch?: typeof fetch;
}

/** The voice's pace: OpenAI's `speed` is 1 at its natural rate, which is about the guide's default 160 words a minute. */
export const speedOf = (wordsPerMinute: number) =>
  Math.min(4, Math.max(0.25, Math.round((wordsPerMinute / 160) * 100) / 100));

const QUIET = 300;
/** Silence kept next to the speech when trimming, so soft onsets and endings stay whole. */
const KEEP_MS = 20;

class SpeechApiError extends Error {}

/** The guide languages by their English names, as the speech instructions say them. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  ar: 'Arabic',
};

/** The first channel of a 16-bit WAV, trimmed of the silence before and after the speech. */
export function speechSamples(wav: Buffer): { samples: Int16Array; sampleRate: number } {
  let p;
  try {
    p = parseWav(wav);
  } catch (err) {
    throw new SpeechApiError(`the audio is not WAV (${(err as Error).message})`);
  }
  if (p.bitsPerSample !== 16)
    throw new SpeechApiError(`the audio has ${p.bitsPerSample}-bit samples, 16 were asked for`);
  if (!p.channels || !p.sampleRate) throw new SpeechApiError('the WAV header is broken');
  const frame = 2 * p.channels;
  const frames = Math.floor(p.dataLength / frame);
  const at = (i: number) => wav.readInt16LE(p.dataOffset + i * frame);
  let from = 0;
  let to = frames;
  while (from < to && Math.abs(at(from)) < QUIET) from++;
  while (to > from && Math.abs(at(to - 1)) < QUIET) to--;
  if (to - from < p.sampleRate * 0.05) throw new SpeechApiError('the audio holds no speech');
  const keep = Math.round((KEEP_MS * p.sampleRate) / 1000);
  from = Math.max(0, from - keep);
  to = Math.min(frames, to + keep);
  const samples = new Int16Array(to - from);
  for (let i = from; i < to; i++) samples[i - from] = at(i);
  return { samples, sampleRate: p.sampleRate };
}

/** Runs `fn` over `items`, at most `n` at once, results in order; the first failure rejects. */
async function mapLimit<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const run = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, run));
  return out;
}

export function createOpenAiSpeechEngine(opts: OpenAiSpeechOptions): SpeechEngine {
  const endpoint = `${opts.url.replace(/\/+$/, '')}/audio/speech`;
  const doFetch = opts.fetch ?? fetch;
  const concurrency = Math.max(1, opts.concurrency ?? 4);

  /** gpt-4o-mini-tts and later take `instructions`; tts-1 and tts-1-hd do not. */
  const instructed = !/^tts-1/i.test(opts.model);
  const speak = async (input: string, voice: string, speed: number, language: string) => {
    const res = await doFetch(endpoint, {
      method: 'POST',
      headers: {
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: opts.model,
        input,
        voice,
        response_format: 'wav',
        speed,
        // The voices speak the language of the text; the instruction keeps a short or mixed sentence in it.
        ...(instructed && { instructions: `Speak in ${LANGUAGE_NAMES[language] ?? 'English'}.` }),
      }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) {
      let msg: unknown;
      try {
        msg = (JSON.parse(body.toString('utf8')) as { error?: { message?: unknown } })?.error?.message;
      } catch {
        msg = undefined;
      }
      throw new SpeechApiError(
        `HTTP ${res.status}${typeof msg === 'string' ? `: ${msg.slice(0, 200)}` : ''}`,
      );
    }
    return speechSamples(body);
  };

  const hosted = async (
    sentences: string[],
    voice: GuideVoice,
    wordsPerMinute: number,
    language: string,
  ): Promise<SpeechResult> => {
    const speed = speedOf(wordsPerMinute);
    const parts = await mapLimit(sentences, concurrency, (s) =>
      speak(s.replace(/\s+/g, ' ').trim(), opts.voices[voice], speed, language),
    );
    const sampleRate = parts[0].sampleRate;
    if (parts.some((p) => p.sampleRate !== sampleRate))
      throw new SpeechApiError('the sentences came at different sample rates');
    const gap = Math.round((SENTENCE_GAP_MS / 1000) * sampleRate);
    const pcm = new Int16Array(parts.reduce((n, p) => n + p.samples.length, 0) + gap * (parts.length - 1));
    let at = 0;
    for (const [i, p] of parts.entries()) {
      if (i > 0) at += gap;
      pcm.set(p.samples, at);
      at += p.samples.length;
    }
    // Measured on the joined audio, as for espeak-ng: the inserted pauses are its longest silences.
    const wav = wavFile(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), sampleRate, 1);
    const timings = sentenceTimings(sentences, wav);
    const audio = await opts.encodeMp3(pcm, sampleRate);
    const info = mp3Info(audio);
    return {
      audio,
      mime: 'audio/mpeg',
      extension: 'mp3',
      durationS: Math.round(info.durationS * 100) / 100,
      sentences: mp3Timings(timings, info),
      engine: 'openai-tts',
      voiceName: opts.voices[voice],
    };
  };

  return {
    name: 'openai-tts',
    async render(sentences, renderOpts) {
      if (sentences.length === 0)
        return { ...(await opts.fallback.render(sentences, renderOpts)), engine: opts.fallback.name };
      const started = Date.now();
      try {
        return await hosted(
          sentences,
          renderOpts.voice,
          renderOpts.wordsPerMinute,
          renderOpts.language ?? 'en',
        );
      } catch (err) {
        // Duck-typed: fetch's abort reason is a DOMException, from another realm under some runners.
        const e = err as { name?: unknown; message?: unknown } | null;
        const reason =
          err instanceof SpeechApiError
            ? err.message
            : e?.name === 'TimeoutError' || e?.name === 'AbortError'
              ? `no answer within ${opts.timeoutMs} ms`
              : `request failed: ${typeof e?.message === 'string' ? e.message : String(err)}`;
        opts.log?.warn(
          { model: opts.model, reason, ms: Date.now() - started },
          `speech: the hosted voice could not be used; ${opts.fallback.name} spoke this station`,
        );
        return { ...(await opts.fallback.render(sentences, renderOpts)), engine: opts.fallback.name };
      }
    },
    warm: () => opts.fallback.warm?.(),
    close: () => opts.fallback.close(),
  };
}
