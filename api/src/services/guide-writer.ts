import type { Category } from './categories';
import { normalizeCategory } from './categories';
import { describeSight } from './describe';

/**
 * Guide writers turn a sight's facts into narrated stations. The local writer is deterministic and uses only the
 * facts (name, category, kind, city, country, popularity, coordinates, the sight's own stations and nearby
 * sights); it never copies prose from elsewhere. An LLM writer can implement the same interface.
 */
export interface StopFacts {
  id: string;
  name: string;
  category_slugs: string[];
  category_hint: string | null;
  subtype: string | null;
  city: string | null;
  country: string | null;
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
}

export interface WrittenStation {
  title: string;
  sentences: string[];
  latitude: number | null;
  longitude: number | null;
  sightId: string | null;
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

export interface GuideWriter {
  readonly name: string;
  write(facts: GuideFacts, opts: { maxStations: number }): Promise<WrittenGuide>;
}

const WALK_M_PER_MIN = 80;

/** Splits text into sentences, keeping their punctuation (the same rule the player's transcript uses). */
export function splitSentences(text: string): string[] {
  const parts = text.match(/[^.!?…]+[.!?…]+["')\]]*\s*|[^.!?…]+$/g) ?? [];
  return parts.map((p) => p.trim()).filter(Boolean);
}

export function distanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const dLat = r(bLat - aLat);
  const dLon = r(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(r(aLat)) * Math.cos(r(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
/** Eight-point compass direction from a to b. */
export function direction(aLat: number, aLon: number, bLat: number, bLon: number): string {
  const r = (d: number) => (d * Math.PI) / 180;
  const y = Math.sin(r(bLon - aLon)) * Math.cos(r(bLat));
  const x = Math.cos(r(aLat)) * Math.sin(r(bLat)) - Math.sin(r(aLat)) * Math.cos(r(bLat)) * Math.cos(r(bLon - aLon));
  const deg = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return COMPASS[Math.round(deg / 45) % 8];
}

function categoryOf(f: StopFacts): Category {
  for (const c of [...f.category_slugs, f.category_hint ?? '']) {
    const n = normalizeCategory(c);
    if (n) return n;
  }
  return 'landmark';
}

/** Small stable hash, so the same sight always gets the same wording. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
const pick = <T>(options: readonly T[], key: string): T => options[hash(key) % options.length];

function metres(m: number): string {
  if (m >= 1000) return `${(Math.round(m / 100) / 10).toLocaleString('en')} kilometres`;
  return `${Math.max(10, Math.round(m / 10) * 10)} metres`;
}
const minutes = (m: number) => {
  const n = Math.max(1, Math.round(m / WALK_M_PER_MIN));
  return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
};

const LOOK: Record<Category, readonly string[]> = {
  landmark: [
    'Start by walking around it once, and notice how it changes from each side.',
    'Look at how it sits among the streets and buildings around it.',
  ],
  museum: [
    'Pick two or three rooms to see properly rather than hurrying through all of them.',
    'Start with the building itself: its entrance and halls are part of the visit.',
  ],
  scenery: [
    'Stop for a minute and listen: the sounds here are part of the place.',
    'Look for the furthest point you can see, then for the nearest detail at your feet.',
  ],
  historic: [
    'Look for signs of different periods: repairs, additions and changes in the stone or brick.',
    'Imagine the place in use, with the people who built it and lived around it.',
  ],
};

function crowd(p: number | null): string | null {
  if (p == null) return null;
  if (p >= 80) return 'It is busy for much of the day, so early morning or evening visits are calmer.';
  if (p >= 50) return 'It draws a steady stream of visitors, more at weekends.';
  return 'It is rarely crowded, so you can take your time.';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Orders stops as a walk: always the nearest not yet visited, starting from the sight. */
function walkingOrder(start: StopFacts, stops: StopFacts[]): StopFacts[] {
  const left = [...stops];
  const out: StopFacts[] = [];
  let at = { lat: start.latitude, lon: start.longitude };
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (distanceM(at.lat, at.lon, left[i].latitude, left[i].longitude) < distanceM(at.lat, at.lon, left[best].latitude, left[best].longitude)) best = i;
    }
    const [next] = left.splice(best, 1);
    out.push(next);
    at = { lat: next.latitude, lon: next.longitude };
  }
  return out;
}

const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Chooses nearby stops: distinct names, not the sight itself, most popular first, then nearest. */
export function chooseStops(sight: StopFacts, nearby: StopFacts[], count: number): StopFacts[] {
  if (count <= 0) return [];
  const seen = new Set([norm(sight.name)]);
  const ranked = nearby
    .filter((n) => n.id !== sight.id && distanceM(sight.latitude, sight.longitude, n.latitude, n.longitude) >= 30)
    .map((n) => ({ n, d: distanceM(sight.latitude, sight.longitude, n.latitude, n.longitude) }))
    .sort((a, b) => (b.n.popularity ?? -1) - (a.n.popularity ?? -1) || a.d - b.d || a.n.id.localeCompare(b.n.id));
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

/**
 * The product's description of a stop as sentences. Names may contain full stops ('St. Paul'), so the text is
 * written with placeholders, split, and the names put back.
 */
export function describeStop(f: StopFacts): string[] {
  const ph = { name: '\u0001', city: '\u0002', country: '\u0003' };
  const text = describeSight({
    name: ph.name,
    category: categoryOf(f),
    subtype: f.subtype,
    city: f.city ? ph.city : null,
    country: f.country ? ph.country : null,
    popularity: f.popularity,
  });
  return splitSentences(text).map((s) => s.replace(ph.name, f.name).replace(ph.city, f.city ?? '').replace(ph.country, f.country ?? ''));
}

const bare = (s: string) => s.trim().replace(/[.!?…:;,\s]+$/, '');

/** The deterministic local writer. */
export const localGuideWriter: GuideWriter = {
  name: 'local',
  async write({ sight, stations: own, nearby }, { maxStations }) {
    const ownStations = own.slice(0, Math.max(0, maxStations - 1));
    const stops = chooseStops(sight, nearby, maxStations - 1 - ownStations.length);
    const total = 1 + ownStations.length + stops.length;
    const cat = categoryOf(sight);

    let walked = 0;
    let prev = { lat: sight.latitude, lon: sight.longitude };
    for (const s of stops) {
      walked += distanceM(prev.lat, prev.lon, s.latitude, s.longitude);
      prev = { lat: s.latitude, lon: s.longitude };
    }

    const intro: string[] = [`Welcome to ${bare(sight.name)}.`, ...describeStop(sight)];
    const busy = crowd(sight.popularity);
    if (busy) intro.push(busy);
    intro.push(pick(LOOK[cat], `${sight.id}:look`));
    if (total === 1) intro.push('This short guide covers this one place.', 'Thank you for listening, and enjoy your visit.');
    else if (stops.length)
      intro.push(
        `This guide has ${plural(total, 'stop', 'stops')}, with about ${metres(walked)} of walking, roughly ${minutes(walked)} on foot.`,
        'When you are ready, continue to the next stop.',
      );
    else intro.push(`This guide has ${plural(total, 'stop', 'stops')}. When you are ready, continue to the next stop.`);

    const out: WrittenStation[] = [
      { title: `Welcome to ${sight.name}`, sentences: intro, latitude: sight.latitude, longitude: sight.longitude, sightId: sight.id },
    ];

    ownStations.forEach((st, i) => {
      const sentences = [`Stop ${i + 2}: ${bare(st.title)}.`, ...splitSentences(st.text)];
      out.push({ title: st.title, sentences, latitude: st.latitude, longitude: st.longitude, sightId: sight.id });
    });

    let from = sight;
    stops.forEach((s, i) => {
      const n = ownStations.length + i + 2;
      const d = distanceM(from.latitude, from.longitude, s.latitude, s.longitude);
      const sentences = [
        `Stop ${n}: ${bare(s.name)}.`,
        `From ${from.name}, walk about ${metres(d)} ${direction(from.latitude, from.longitude, s.latitude, s.longitude)}, roughly ${minutes(d)}.`,
      ];
      const sc = categoryOf(s);
      const described = describeStop(s);
      // The last sentence is the category's visiting tip; said once for a run of stops of one category.
      sentences.push(...(sc === categoryOf(from) ? described.slice(0, -1) : described));
      if (sc !== categoryOf(from)) {
        const noun: Record<Category, string> = { landmark: 'a landmark', museum: 'a museum', scenery: 'a natural sight', historic: 'a historic site' };
        sentences.push(`After ${noun[categoryOf(from)]}, this is ${noun[sc]}: a change of scene.`);
      }
      if (n === total) {
        const back = distanceM(s.latitude, s.longitude, sight.latitude, sight.longitude);
        sentences.push(
          'This is the last stop of the guide.',
          `${sight.name} is about ${metres(back)} ${direction(s.latitude, s.longitude, sight.latitude, sight.longitude)} of here.`,
          'Thank you for listening.',
        );
      }
      out.push({ title: s.name, sentences, latitude: s.latitude, longitude: s.longitude, sightId: s.id });
      from = s;
    });

    if (!stops.length && ownStations.length) out[out.length - 1].sentences.push('This is the last stop of the guide.', 'Thank you for listening.');

    const chars = out.reduce((n, s) => n + s.title.length + s.sentences.join(' ').length, 0);
    // No provider counts tokens locally; the common estimate of about four characters per token.
    return { writer: 'local', language: 'en', stations: out, tokens: Math.ceil(chars / 4), costCents: 0 };
  },
};
