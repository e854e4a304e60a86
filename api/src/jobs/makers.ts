import type { Config } from '../config/env';
import { localGuideWriter, type GuideWriter } from '../services/guide-writer';
import { createOpenAiWriter } from '../services/llm-writer';
import { createEspeakEngine, type SpeechEngine } from '../services/tts';

/** The writer a worker asks: an LLM when a key is configured (it falls back to the local writer on any failure). */
export function guideWriterFor(config: Pick<Config, 'openai'>, log?: { warn: (obj: object, msg: string) => void }): GuideWriter {
  const { apiKey, ...llm } = config.openai;
  return apiKey ? createOpenAiWriter({ apiKey, ...llm, ...(log && { log }) }) : localGuideWriter;
}

/** The name recorded on a queued guide until its worker knows which writer wrote the script. */
export const writerNameFor = (config: Pick<Config, 'openai'>) => (config.openai.apiKey ? 'openai' : localGuideWriter.name);

export function speechEngine(config?: Pick<Config, 'ttsThreads'>): SpeechEngine {
  return createEspeakEngine({ threads: config?.ttsThreads });
}
