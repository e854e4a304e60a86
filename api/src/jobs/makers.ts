import type { Config } from '../config/env';
import { localGuideWriter, type GuideWriter } from '../services/guide-writer';
import { createOpenAiWriter } from '../services/llm-writer';
import { createEspeakEngine, type SpeechEngine } from '../services/tts';
import { createOpenAiSpeechEngine } from '../services/tts-openai';
import type { FactsSource } from '../services/sight-facts';
import { createWikiClient } from '../services/wiki-client';

/** The writer a worker asks: an LLM when a key is configured (it falls back to the local writer on any failure). */
export function guideWriterFor(
  config: Pick<Config, 'openai'>,
  log?: { warn: (obj: object, msg: string) => void },
): GuideWriter {
  const { apiKey, ...llm } = config.openai;
  return apiKey ? createOpenAiWriter({ apiKey, ...llm, ...(log && { log }) }) : localGuideWriter;
}

/** The name recorded on a queued guide until its worker knows which writer wrote the script. */
export const writerNameFor = (config: Pick<Config, 'openai'>) =>
  config.openai.apiKey ? 'openai' : localGuideWriter.name;

/** espeak-ng, or a hosted voice when TTS_API_URL is set (espeak-ng speaks any station it cannot). */
export function speechEngine(
  config?: Partial<Pick<Config, 'ttsApi'>>,
  log?: { warn: (obj: object, msg: string) => void },
): SpeechEngine {
  const espeak = createEspeakEngine();
  const api = config?.ttsApi;
  if (!api?.url) return espeak;
  return createOpenAiSpeechEngine({
    url: api.url,
    apiKey: api.apiKey,
    model: api.model,
    voices: api.voices,
    timeoutMs: api.timeoutMs,
    fallback: espeak,
    encodeMp3: (samples, rate) => espeak.encodeMp3(samples, rate),
    ...(log && { log }),
  });
}

/** The facts source (Wikipedia + Wikidata through one rate-limited client) when WIKI_API_URL is set; else undefined. */
export function factsSourceFor(
  config: Pick<Config, 'wiki' | 'publicSiteOrigin'>,
  log?: { warn: (obj: object, msg: string) => void },
): FactsSource | undefined {
  const w = config.wiki;
  if (!w) return undefined;
  return {
    wikipediaUrl: w.wikipediaUrl,
    wikidataUrl: w.wikidataUrl,
    refreshDays: w.refreshDays,
    client: createWikiClient({
      // Wikimedia asks every client to name itself and a contact (its User-Agent policy).
      userAgent: `Wayfarer/0.1 (+${config.publicSiteOrigin})`,
      timeoutMs: w.timeoutMs,
      requestsPerSecond: w.requestsPerSecond,
      concurrency: w.concurrency,
      ...(log && { log }),
    }),
  };
}
