import type { Category } from './categories';
import { normalizeCategory } from './categories';
import type { FactSource, SightClaim, SightSummary } from '@wayfarer/contracts';
import { describeClaims, describeSightFacts, type FactRef, type FactSentence } from './describe';
import { distanceM } from '@wayfarer/geo';
import { phrasesFor, type Compass } from './guide-phrases';
import { proseForSpeech, splitSentences } from './narration-text';
import { sourceOfSummary } from './sight-facts';

export type { FactRef } from './describe';
export { splitSentences };

/**
 * Guide writers turn a sight's facts into narrated stations. The local writer is deterministic and states only
 * facts it holds (name, category or kind, city, country, distances, directions, walking times, the guide's own
 * stops, the sight's own stations' text, cached claims) and the sentences of the licensed text cached for a sight in
 * the guide's language (a shipped or fetched summary, made fit for the ear by narration-text.ts: nothing added);
 * every sentence it writes comes with the facts it is built from (`WrittenStation.facts`), a text's sentence with
 * the source sentence and its page and licence. Without such a text for the sight, the guide says so in one
 * sentence rather than filling. An LLM writer can implement the same interface.
 */
export interface StopFacts {
  id: string;
  name: string;
  category_slugs: string[];
  category_hint: string | null;
  subtype: string | null;
  city: string | null;
  country: string | null;
  /** ISO code of the country; names the city in the guide's language when known. */
  country_code?: string | null;
  popularity: number | null;
  latitude: number;
  longitude: number;
}

export interface GuideFacts {
  sight: StopFacts;
  /** The sight's own stations, in order. */
  stations: Array<{ title: string; text: string; latitude: number | null; longitude: number | null }>;
  /** Candidate stops near the sight. */
  nearby: StopFacts[];
  /** Cached facts from Wikipedia and Wikidata, by sight id: only sights that have some. */
  facts?: Record<string, { summary: SightSummary | null; claims: SightClaim[] }>;
  /**
   * The language `facts` are in, when not the guide's (the English ones a job falls back on): their texts are then
   * not narrated, as a guide speaks one language.
   */
  factsLanguage?: string | null;
}

export interface WrittenStation {
  title: string;
  sentences: string[];
  /**
   * The local writer's sources: for each sentence (same index), the facts it states. Internal to the API (kept in
   * the guide's stored script, not in responses); absent for text the writer did not build from facts (an LLM's).
   */
  facts?: FactRef[][];
  latitude: number | null;
  longitude: number | null;
  sightId: string | null;
  /** Where the station's cached facts come from (Wikipedia, Wikidata), stored with the station and shown. */
  sources?: FactSource[];
}

/** What an LLM request used, whether or not its text was kept. */
export interface LlmUsage {
  provider: 'openai';
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Null when the model's price is unknown. */
  costUsd: number | null;
  ms: number;
  /** Why the model's text was not used (the local writer's was). */
  error?: string;
}

export interface WrittenGuide {
  writer: string;
  language: string;
  stations: WrittenStation[];
  /** Tokens the writer used (the provider's count for an LLM; an estimate of the text's tokens locally). */
  tokens: number;
  /** Whole cents (the exact amount is in llm.costUsd). */
  costCents: number;
  /** Set when an LLM was asked. */
  llm?: LlmUsage;
}

export interface WriteOptions {
  maxStations: number;
  /** The guide's language (GUIDE_LANGUAGES); English when absent. */
  language?: string;
}

export interface GuideWriter {
  readonly name: string;
  write(facts: GuideFacts, opts: WriteOptions): Promise<WrittenGuide>;
}

const WALK_M_PER_MIN = 80;
/** Words of licensed text the first station says about the sight (about 90 s at 160 words a minute). */
export const SIGHT_TEXT_WORDS = 240;
/** Words of licensed text a nearby stop's station says (it is a stop on the way). */
export const STOP_TEXT_WORDS = 70;

export { distanceM };

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
/** Eight-point compass direction from a to b. */
export function direction(aLat: number, aLon: number, bLat: number, bLon: number): string {
  const r = (d: number) => (d * Math.PI) / 180;
  const y = Math.sin(r(bLon - aLon)) * Math.cos(r(bLat));
  const x =
    Math.cos(r(aLat)) * Math.sin(r(bLat)) - Math.sin(r(aLat)) * Math.cos(r(bLat)) * Math.cos(r(bLon - aLon));
  const deg = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return COMPASS[Math.round(deg / 45) % 8];
}

/** The stop's category, or null when none of its categories is one the product knows. */
function categoryOf(f: StopFacts): Category | null {
  for (const c of [...f.category_slugs, f.category_hint ?? '']) {
    const n = normalizeCategory(c);
    if (n) return n;
  }
  return null;
}

function metres(m: number, language = 'en'): string {
  const p = phrasesFor(language);
  if (m >= 1000) return p.kilometres((Math.round(m / 100) / 10).toLocaleString(language));
  return p.metres(Math.max(10, Math.round(m / 10) * 10));
}
const minutes = (m: number, language = 'en') =>
  phrasesFor(language).minutes(Math.max(1, Math.round(m / WALK_M_PER_MIN)));

/** Orders stops as a walk: always the nearest not yet visited, starting from the sight. */
function walkingOrder(start: StopFacts, stops: StopFacts[]): StopFacts[] {
  const left = [...stops];
  const out: StopFacts[] = [];
  let at = { lat: start.latitude, lon: start.longitude };
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (
        distanceM(at.lat, at.lon, left[i].latitude, left[i].longitude) <
        distanceM(at.lat, at.lon, left[best].latitude, left[best].longitude)
      )
        best = i;
    }
    const [next] = left.splice(best, 1);
    out.push(next);
    at = { lat: next.latitude, lon: next.longitude };
  }
  return out;
}

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Chooses nearby stops: distinct names, not the sight itself, most popular first, then nearest. */
export function chooseStops(sight: StopFacts, nearby: StopFacts[], count: number): StopFacts[] {
  if (count <= 0) return [];
  const seen = new Set([norm(sight.name)]);
  const ranked = nearby
    .filter(
      (n) => n.id !== sight.id && distanceM(sight.latitude, sight.longitude, n.latitude, n.longitude) >= 30,
    )
    .map((n) => ({ n, d: distanceM(sight.latitude, sight.longitude, n.latitude, n.longitude) }))
    .sort(
      (a, b) => (b.n.popularity ?? -1) - (a.n.popularity ?? -1) || a.d - b.d || a.n.id.localeCompare(b.n.id),
    );
  const chosen: StopFacts[] = [];
  for (const { n } of ranked) {
    const key = norm(n.name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    chosen.push(n);
    if (chosen.length === count) break;
  }
  return walkingOrder(sight, chosen);
}

/** The facts-only description of a stop: one sentence (what and where it is), or none when only its name is known. */
export function describeStopFacts(f: StopFacts, language = 'en'): FactSentence[] {
  const d = describeSightFacts(
    {
      name: f.name,
      category: categoryOf(f),
      subtype: f.subtype,
      city: f.city,
      country: f.country,
      country_code: f.country_code,
    },
    f.id,
    language,
  );
  return d ? [d] : [];
}

/** The product's description of a stop as sentences (see describeStopFacts). */
export function describeStop(f: StopFacts): string[] {
  return describeStopFacts(f).map((d) => d.text);
}

const bare = (s: string) => s.trim().replace(/[.!?…:;,\s]+$/, '');

/** Sentences of a station with their facts, collected in order. */
class Lines {
  readonly items: FactSentence[] = [];
  add(text: string, ...facts: FactRef[]): this {
    this.items.push({ text, facts });
    return this;
  }
  push(...items: FactSentence[]): this {
    this.items.push(...items);
    return this;
  }
  station(
    title: string,
    latitude: number | null,
    longitude: number | null,
    sightId: string | null,
  ): WrittenStation {
    const sources = new Map<string, FactSource>();
    for (const f of this.items.flatMap((i) => i.facts))
      if (f.source && !sources.has(f.source.url)) sources.set(f.source.url, f.source);
    return {
      title,
      sentences: this.items.map((i) => i.text),
      facts: this.items.map((i) => i.facts),
      latitude,
      longitude,
      sightId,
      sources: [...sources.values()],
    };
  }
}

/** The item a claim's source names ('Wikidata: Q243'), from its URL. */
const claimSource = (c: SightClaim): FactSource => {
  const page = c.url.replace(/#.*$/, '');
  return { title: `Wikidata: ${page.split('/').pop() ?? page}`, url: page, licence: c.licence };
};

/** Sentences for a stop's cached claims (at most `max`), each naming its claim and source. */
export function claimSentences(
  f: StopFacts,
  facts: GuideFacts['facts'],
  max = Infinity,
  language = 'en',
): FactSentence[] {
  const claims = facts?.[f.id]?.claims ?? [];
  return describeClaims(f.name, claims, f.id, max, claimSource, language);
}

/**
 * Sentences of the licensed text cached for a stop, for the ear (see proseForSpeech), at most `maxWords` words; each
 * with the source sentence it is from and the text's page and licence. None when the facts are in another language.
 */
export function textSentences(
  f: StopFacts,
  facts: GuideFacts['facts'],
  maxWords: number,
  language = 'en',
): FactSentence[] {
  const summary = facts?.[f.id]?.summary;
  if (!summary?.extract) return [];
  const source = sourceOfSummary(summary);
  return proseForSpeech(summary.extract, language, maxWords).map((s) => ({
    text: s.text,
    facts: [{ kind: 'text', value: s.from, sightId: f.id, source }],
  }));
}

/** The deterministic local writer: every sentence from a fact it holds, returned with it, in the guide's language. */
export const localGuideWriter: GuideWriter = {
  name: 'local',
  async write(
    { sight, stations: own, nearby, facts, factsLanguage },
    { maxStations, language: lang = 'en' },
  ) {
    const p = phrasesFor(lang);
    // Texts are narrated only in the language they are written in.
    const texts = (factsLanguage ?? lang) === lang ? facts : undefined;
    const ownStations = own.slice(0, Math.max(0, maxStations - 1));
    const stops = chooseStops(sight, nearby, maxStations - 1 - ownStations.length);
    const total = 1 + ownStations.length + stops.length;
    const name = (f: StopFacts): FactRef => ({ kind: 'name', value: f.name, sightId: f.id });
    const stopsFact: FactRef = { kind: 'guide_stops', value: String(total) };
    const position = (n: number): FactRef => ({ kind: 'guide_position', value: `${n} of ${total}` });
    const distance = (m: number, from: StopFacts | null, to: StopFacts | null): FactRef => ({
      kind: 'distance',
      value: `${Math.round(m)} m${from && to ? ` from ${from.id} to ${to.id}` : ''}`,
    });
    const walking = (m: number): FactRef => ({
      kind: 'walking_time',
      value: `${minutes(m)} at ${WALK_M_PER_MIN} m a minute`,
    });
    const compass = (dir: string, said: string, sightId: string): FactRef => ({
      kind: 'direction',
      value: dir,
      sightId,
      ...(lang !== 'en' && { said }),
    });

    let walked = 0;
    let prev = { lat: sight.latitude, lon: sight.longitude };
    for (const s of stops) {
      walked += distanceM(prev.lat, prev.lon, s.latitude, s.longitude);
      prev = { lat: s.latitude, lon: s.longitude };
    }

    // A text can cover several stops (a World Heritage property and its parts): no sentence is said twice.
    const said = new Set<string>();
    const unsaid = (xs: FactSentence[]) => xs.filter((x) => !said.has(x.text) && Boolean(said.add(x.text)));
    const story = unsaid(textSentences(sight, texts, SIGHT_TEXT_WORDS, lang));
    const intro = new Lines()
      .add(p.welcome(bare(sight.name)), name(sight))
      .push(...describeStopFacts(sight, lang), ...story, ...claimSentences(sight, facts, Infinity, lang));
    // No licensed text about the sight in this language: said once, honestly, instead of filling.
    if (!story.length)
      intro.add(p.noText(bare(sight.name)), name(sight), { kind: 'no_text', value: lang, sightId: sight.id });
    if (total === 1) intro.add(p.oneStop, stopsFact).add(p.thanks, position(1));
    else {
      if (stops.length) {
        intro.add(
          p.stopsWalk(p.stopCount(total), metres(walked, lang), minutes(walked, lang)),
          stopsFact,
          distance(walked, null, null),
          walking(walked),
        );
      } else intro.add(p.stops(p.stopCount(total)), stopsFact);
      intro.add(p.next, position(1));
    }

    const out: WrittenStation[] = [
      intro.station(p.welcomeTitle(sight.name), sight.latitude, sight.longitude, sight.id),
    ];

    ownStations.forEach((st, i) => {
      const lines = new Lines().add(p.stop(i + 2, bare(st.title)), position(i + 2), {
        kind: 'station_title',
        value: st.title,
        sightId: sight.id,
      });
      for (const t of splitSentences(st.text))
        lines.add(t, { kind: 'station_text', value: t, sightId: sight.id });
      if (!stops.length && i === ownStations.length - 1)
        lines.add(p.last, position(i + 2)).add(p.thanks, position(i + 2));
      out.push(lines.station(st.title, st.latitude, st.longitude, sight.id));
    });

    let from = sight;
    stops.forEach((s, i) => {
      const n = ownStations.length + i + 2;
      const d = distanceM(from.latitude, from.longitude, s.latitude, s.longitude);
      const dir = direction(from.latitude, from.longitude, s.latitude, s.longitude) as Compass;
      const lines = new Lines()
        .add(p.stop(n, bare(s.name)), position(n), name(s))
        .add(
          p.walkFrom(from.name, metres(d, lang), p.toward[dir], minutes(d, lang)),
          name(from),
          distance(d, from, s),
          compass(dir, p.toward[dir], s.id),
          walking(d),
        )
        .push(
          ...describeStopFacts(s, lang),
          ...unsaid(textSentences(s, texts, STOP_TEXT_WORDS, lang)),
          ...claimSentences(s, facts, 2, lang),
        );
      const fc = categoryOf(from);
      const sc = categoryOf(s);
      if (fc && sc && sc !== fc) {
        lines.add(
          p.changeOfScene(fc, sc),
          { kind: 'category', value: fc, sightId: from.id },
          { kind: 'category', value: sc, sightId: s.id },
        );
      }
      if (n === total) {
        const back = distanceM(s.latitude, s.longitude, sight.latitude, sight.longitude);
        const backDir = direction(s.latitude, s.longitude, sight.latitude, sight.longitude) as Compass;
        lines
          .add(p.last, position(n))
          .add(
            p.back(sight.name, metres(back, lang), p.ofHere[backDir]),
            name(sight),
            distance(back, s, sight),
            compass(backDir, p.ofHere[backDir], sight.id),
          )
          .add(p.thanks, position(n));
      }
      out.push(lines.station(s.name, s.latitude, s.longitude, s.id));
      from = s;
    });

    const chars = out.reduce((n, s) => n + s.title.length + s.sentences.join(' ').length, 0);
    // No provider counts tokens locally; the common estimate of about four characters per token.
    return { writer: 'local', language: lang, stations: out, tokens: Math.ceil(chars / 4), costCents: 0 };
  },
};
