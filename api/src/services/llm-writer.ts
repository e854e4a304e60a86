import { detectAll } from 'tinyld';
import type { FactSource } from '@wayfarer/contracts';
import { z } from 'zod';
import { sourceOfSummary } from './sight-facts';
import {
  localGuideWriter,
  splitSentences,
  type GuideFacts,
  type GuideWriter,
  type LlmUsage,
  type StopFacts,
  type WrittenGuide,
} from './guide-writer';

/**
 * Guide writer over an OpenAI-compatible chat completions API (spec point 7: an LLM provider when OPENAI_API_KEY
 * is set). The stops, their order and walking directions come from the local writer, so they stay real data; the
 * model writes the narration of each station from those facts and answers in JSON. Any failure (network,
 * time-out, an error status, an answer that is not the JSON asked for) falls back to the local writer's guide and
 * is logged; tokens a failed answer still used are recorded.
 */

/** USD per million tokens (input, output), standard tier. A dated snapshot takes its family's price. */
export const MODEL_PRICES: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4-turbo': { input: 10, output: 30 },
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5': { input: 1.25, output: 10 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'o3-mini': { input: 1.1, output: 4.4 },
};

/** The price of a model: exact name, else the longest family prefix ('gpt-4o-mini-2024-07-18' is 'gpt-4o-mini'). */
export function modelPrice(model: string): { input: number; output: number } | null {
  const m = model.toLowerCase();
  const key = Object.keys(MODEL_PRICES)
    .filter((k) => m === k || m.startsWith(`${k}-`))
    .sort((a, b) => b.length - a.length)[0];
  return key ? MODEL_PRICES[key] : null;
}

/** Cost of a request in US dollars, or null for a model without a known price. */
export function costUsd(model: string, promptTokens: number, completionTokens: number): number | null {
  const p = modelPrice(model);
  if (!p) return null;
  return (promptTokens * p.input + completionTokens * p.output) / 1_000_000;
}

export interface LlmWriterOptions {
  apiKey: string;
  model: string;
  /** e.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  timeoutMs: number;
  /** Writes the plan (stops, directions) and the guide used on any failure. */
  fallback?: GuideWriter;
  log?: { warn: (obj: object, msg: string) => void };
  fetch?: typeof fetch;
}

const Usage = z
  .object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
  })
  .partial();
const Completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: Usage.nullish(),
});
const Answer = z.object({
  stations: z.array(
    z.object({
      title: z.string().optional(),
      text: z.string().trim().min(20, 'a station text is too short').max(4000),
      /** Ids of the sources ('S1') whose facts the text uses. */
      sources: z.array(z.string()).optional(),
    }),
  ),
});

/** The guide languages by their English names, as the request names them. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  ar: 'Arabic',
};

/** What a kept station may be: bounds on its length, checked before the model's text is used. */
export const STATION_LIMITS = { maxChars: 1500, maxSentences: 12 };

class WriterError extends Error {}

const factsOf = (s: StopFacts) => ({
  name: s.name,
  category: s.category_slugs[0] ?? s.category_hint ?? null,
  kind: s.subtype,
  city: s.city,
  country: s.country,
  popularity: s.popularity,
});

const SYSTEM = [
  'You write the narration of a walking audio guide, read aloud by a text-to-speech voice.',
  "Use only the facts you are given: each station's draft, its facts and its encyclopaedia summary (each from a numbered source).",
  'Do not invent dates, people, numbers, history or praise that those facts do not state; when little is known, say little.',
  'For each station, list in "sources" the ids of the sources whose facts its text uses (an empty list when none).',
  'Keep every walking direction, distance and time of the draft exactly as it is.',
  'Write plain spoken language, in the language the request names ("language", an ISO 639-1 code): full sentences ending with a full stop, question mark or exclamation mark; no lists, markdown, URLs or emoji.',
  'Answer with one JSON object: {"stations": [{"title": string, "text": string, "sources": [string]}]}, one entry per station, in the order given, 3 to 8 sentences each.',
].join(' ');

/**
 * The sources a station may draw on: the cached Wikipedia summary and Wikidata item of the sight it is about, each
 * with an id ('S1') unique in the guide. Same input, same ids.
 */
export function stationSources(
  facts: GuideFacts,
  plan: WrittenGuide,
): Array<Array<FactSource & { id: string; summary?: string; claims?: string[] }>> {
  let n = 0;
  return plan.stations.map((st) => {
    const cached = st.sightId ? facts.facts?.[st.sightId] : undefined;
    if (!cached) return [];
    const out: Array<FactSource & { id: string; summary?: string; claims?: string[] }> = [];
    // A summary is Wikipedia's or a licensed text shipped with the product, named by its site.
    if (cached.summary)
      out.push({ id: `S${++n}`, ...sourceOfSummary(cached.summary), summary: cached.summary.extract });
    if (cached.claims.length) {
      const page = cached.claims[0].url.replace(/#.*$/, '');
      out.push({
        id: `S${++n}`,
        title: `Wikidata: ${page.split('/').pop() ?? page}`,
        url: page,
        licence: cached.claims[0].licence,
        claims: cached.claims.map((c) => `${c.label}: ${c.value}`),
      });
    }
    return out;
  });
}

/** The chat request for a planned guide. */
export function buildMessages(
  facts: GuideFacts,
  plan: WrittenGuide,
): Array<{ role: 'system' | 'user'; content: string }> {
  const byId = new Map([facts.sight, ...facts.nearby].map((s) => [s.id, s]));
  const sources = stationSources(facts, plan);
  const stations = plan.stations.map((st, i) => {
    const about = st.sightId ? byId.get(st.sightId) : undefined;
    return {
      position: i + 1,
      title: st.title,
      about: about ? factsOf(about) : null,
      draft: st.sentences.join(' '),
      sources: sources[i].map(({ licence: _l, ...src }) => src),
    };
  });
  const language = plan.language || 'en';
  const user = {
    language,
    sight: factsOf(facts.sight),
    instructions: `Write ${stations.length} station${stations.length === 1 ? '' : 's'} in ${LANGUAGE_NAMES[language] ?? language}. Improve each draft into lively narration built only on its facts and its sources.`,
    stations,
  };
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: JSON.stringify(user) },
  ];
}

/** The JSON object of an answer, also when a model wraps it in a code fence. */
function parseAnswer(content: string): z.infer<typeof Answer> {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WriterError('the answer is not JSON');
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success)
    throw new WriterError(
      `the answer does not match the schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  return parsed.data;
}

/**
 * Sentences of the model's text; a name with a full stop in it ('St. Paul's Cathedral') stays in one sentence, so
 * the narration does not pause inside it.
 */
export function splitKeepingNames(text: string, names: string[]): string[] {
  const dotted = [...new Set(names.filter((n) => /[.!?…]/.test(n)))].sort((a, b) => b.length - a.length);
  const marks: Array<[string, string]> = [];
  let t = text;
  for (const n of dotted) {
    if (!t.includes(n)) continue;
    const ph = String.fromCharCode(0xe000 + marks.length);
    marks.push([ph, n]);
    t = t.split(n).join(ph);
  }
  return splitSentences(t).map((sentence) => marks.reduce((acc, [ph, n]) => acc.split(ph).join(n), sentence));
}

const newModel = (m: string) => /^(o\d|gpt-5)/i.test(m);

/**
 * The checks a model's guide passes before it is kept (else the local writer's is): every station has sentences,
 * none is longer than STATION_LIMITS, and the text is in the guide's language (tinyld; a text it cannot tell
 * passes). Returns the reason it fails, or null.
 */
export function checkStations(
  stations: Array<{ title: string; sentences: string[] }>,
  language = 'en',
): string | null {
  for (const [i, st] of stations.entries()) {
    const text = st.sentences.join(' ');
    if (!st.sentences.length || !text.trim()) return `station ${i + 1} is empty`;
    if (text.length > STATION_LIMITS.maxChars)
      return `station ${i + 1} is too long (${text.length} characters, at most ${STATION_LIMITS.maxChars})`;
    if (st.sentences.length > STATION_LIMITS.maxSentences)
      return `station ${i + 1} has ${st.sentences.length} sentences, at most ${STATION_LIMITS.maxSentences}`;
  }
  // The whole guide at once: a few hundred characters are enough for a sure answer, one short station may not be.
  const all = stations.map((s) => s.sentences.join(' ')).join(' ');
  const top = detectAll(all)[0]?.lang;
  if (top && top !== language) return `the answer is not in the guide's language (${top}, not ${language})`;
  return null;
}

export function createOpenAiWriter(opts: LlmWriterOptions): GuideWriter {
  const fallback = opts.fallback ?? localGuideWriter;
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const unknownPrice = new Set<string>();

  return {
    name: 'openai',
    async write(facts, writeOpts): Promise<WrittenGuide> {
      const plan = await fallback.write(facts, writeOpts);
      const started = Date.now();
      let promptTokens = 0;
      let completionTokens = 0;
      let model = opts.model;
      const usage = (error?: string): LlmUsage => ({
        provider: 'openai',
        model,
        promptTokens,
        completionTokens,
        costUsd: promptTokens + completionTokens ? costUsd(model, promptTokens, completionTokens) : 0,
        ms: Date.now() - started,
        ...(error ? { error } : {}),
      });
      const costCents = (u: LlmUsage) => Math.round((u.costUsd ?? 0) * 100);

      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: opts.model,
            messages: buildMessages(facts, plan),
            response_format: { type: 'json_object' },
            ...(newModel(opts.model)
              ? { max_completion_tokens: 4000 }
              : { max_tokens: 2500, temperature: 0.7 }),
          }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        const raw = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw new WriterError(`HTTP ${res.status}, not a JSON answer`);
        }
        const u = Usage.safeParse((body as { usage?: unknown })?.usage ?? {});
        if (u.success) {
          promptTokens = u.data.prompt_tokens ?? 0;
          completionTokens = u.data.completion_tokens ?? 0;
        }
        const m = (body as { model?: unknown })?.model;
        if (typeof m === 'string' && m) model = m;
        if (!res.ok) {
          const msg = (body as { error?: { message?: unknown } })?.error?.message;
          throw new WriterError(
            `HTTP ${res.status}${typeof msg === 'string' ? `: ${msg.slice(0, 200)}` : ''}`,
          );
        }
        const completion = Completion.safeParse(body);
        if (!completion.success) throw new WriterError('the answer is not a chat completion');
        const answer = parseAnswer(completion.data.choices[0].message.content ?? '');
        if (answer.stations.length !== plan.stations.length) {
          throw new WriterError(
            `the answer has ${answer.stations.length} stations, ${plan.stations.length} were asked for`,
          );
        }
        const names = [facts.sight, ...facts.nearby]
          .flatMap((f) => [f.name, f.city ?? '', f.country ?? ''])
          .concat(plan.stations.map((st) => st.title));
        const given = stationSources(facts, plan);
        const stations = plan.stations.map((st, i) => {
          // The sources the model says it used, among those it was given; all of them when it does not say.
          const said = answer.stations[i].sources;
          const used = said ? given[i].filter((g) => said.includes(g.id)) : given[i];
          return {
            title: st.title,
            latitude: st.latitude,
            longitude: st.longitude,
            sightId: st.sightId,
            sentences: splitKeepingNames(answer.stations[i].text.replace(/\s+/g, ' '), names),
            sources: used.map(({ title, url, licence }) => ({ title, url, licence })),
          };
        });
        if (stations.some((st) => st.sentences.length === 0))
          throw new WriterError('a station text has no sentence');
        const problem = checkStations(stations, plan.language);
        if (problem) throw new WriterError(problem);
        const done = usage();
        if (done.costUsd == null && !unknownPrice.has(model)) {
          unknownPrice.add(model);
          opts.log?.warn({ model }, 'guide writer: no price for this model; its cost is recorded as 0');
        }
        return {
          writer: 'openai',
          language: plan.language,
          stations,
          tokens: promptTokens + completionTokens,
          costCents: costCents(done),
          llm: done,
        };
      } catch (err) {
        // Duck-typed: fetch's abort reason is a DOMException, from another realm under some runners.
        const e = err as { name?: unknown; message?: unknown } | null;
        const reason =
          err instanceof WriterError
            ? err.message
            : e?.name === 'TimeoutError' || e?.name === 'AbortError'
              ? `no answer within ${opts.timeoutMs} ms`
              : `request failed: ${typeof e?.message === 'string' ? e.message : String(err)}`;
        const failed = usage(reason);
        opts.log?.warn(
          { model, reason, ms: failed.ms },
          'guide writer: the LLM answer could not be used; the local writer wrote this guide',
        );
        const spent = promptTokens + completionTokens;
        return { ...plan, tokens: spent || plan.tokens, costCents: costCents(failed), llm: failed };
      }
    },
  };
}
