import type { FactSource, SightClaim } from '@wayfarer/contracts';
import { normalizeCategory, type Category } from './categories';

export interface SightFacts {
  name: string;
  /** Null when no category is known (then nothing is said about what the place is). */
  category: Category | null;
  subtype?: string | null;
  city?: string | null;
  country?: string | null;
  /** Kept on the sight, but not narrated: it is a score, not a statement anyone could check. */
  popularity?: number | null;
}

/**
 * A named fact a written sentence is built from. `value` is the fact as the sentence uses it; `sightId` says whose
 * fact it is when a guide covers several sights.
 */
export interface FactRef {
  kind:
    | 'name'
    | 'category'
    | 'kind'
    | 'city'
    | 'country'
    | 'distance'
    | 'direction'
    | 'walking_time'
    | 'station_title'
    | 'station_text'
    | 'guide_stops'
    | 'guide_position'
    // Cached facts from Wikidata (issue 18), each with its source.
    | 'inception'
    | 'architect'
    | 'creator'
    | 'heritage'
    | 'height'
    | 'visitors';
  value: string;
  sightId?: string | null;
  /** Where a cached fact comes from (its Wikidata item), listed as the station's source. */
  source?: FactSource;
}

/** A sentence and the facts it states. */
export interface FactSentence {
  text: string;
  facts: FactRef[];
}

const KIND: Record<string, string> = {
  castle: 'castle',
  palace: 'palace',
  fortress: 'fortress',
  ruin: 'ruin',
  museum: 'museum',
  art_museum: 'art museum',
  history_museum: 'history museum',
  science_museum: 'science museum',
  natural_history_museum: 'natural history museum',
  arboretum_botanical_garden_nature_center: 'botanical garden',
  mountain: 'mountain',
  cape: 'cape',
  waterfall: 'waterfall',
  depression: 'depression',
  pass: 'mountain pass',
};

const LABEL_NOUNS = new Set([
  'abbey',
  'basilica',
  'bay',
  'beach',
  'canyon',
  'castle',
  'cathedral',
  'cave',
  'chapel',
  'church',
  'citadel',
  'estate',
  'forest',
  'fort',
  'fortress',
  'garden',
  'gate',
  'gorge',
  'grotto',
  'hill',
  'island',
  'kremlin',
  'lake',
  'lookout',
  'manor',
  'mansion',
  'mausoleum',
  'monastery',
  'mosque',
  'mountain',
  'museum',
  'palace',
  'park',
  'pyramid',
  'reserve',
  'river',
  'temple',
  'tomb',
  'valley',
  'villa',
  'waterfall',
]);

export const CATEGORY_NOUN: Record<Category, string> = {
  landmark: 'landmark',
  museum: 'museum',
  scenery: 'natural sight',
  historic: 'historic site',
};

/** What the place is, from its source's type (subtype) or else its category; null when neither is known. */
function kindOf(f: SightFacts): { noun: string; fact: FactRef } | null {
  const sub = (f.subtype ?? '').trim();
  const fromSub = (noun: string) => ({ noun, fact: { kind: 'kind' as const, value: sub } });
  if (KIND[sub]) return fromSub(KIND[sub]);
  if (sub.startsWith('beach')) return fromSub('beach');
  if (sub.startsWith('nps:') && sub.slice(4).trim())
    return fromSub(sub.slice(4).trim().toLowerCase().replace(/_/g, ' '));
  // The keyword that set a Wikidata attraction's category is a word of its label ('house', 'national', 'falls'):
  // named as the place's kind only when it is a noun that says what the place is.
  const keyword = sub.startsWith('tourist_attraction:') ? sub.split(':')[1] : '';
  if (LABEL_NOUNS.has(keyword)) return fromSub(keyword);
  const cat = f.category && normalizeCategory(f.category);
  return cat ? { noun: CATEGORY_NOUN[cat], fact: { kind: 'category', value: cat } } : null;
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

/**
 * The one sentence the facts support: what the place is and where ('Eiffel Tower is a landmark in Paris, France.'),
 * or less when less is known; null when only the name is known. Every part comes from a named fact, returned with it.
 */
export function describeSightFacts(f: SightFacts, sightId: string | null = null): FactSentence | null {
  const kind = kindOf(f);
  const facts: FactRef[] = [{ kind: 'name', value: f.name, sightId }];
  if (kind) facts.push({ ...kind.fact, sightId });
  const city = f.city?.trim() || null;
  const country = f.country?.trim() || null;
  if (city) facts.push({ kind: 'city', value: city, sightId });
  if (country) facts.push({ kind: 'country', value: country, sightId });
  const place = [city, country].filter(Boolean).join(', ');
  if (kind)
    return { text: `${f.name} is ${article(kind.noun)} ${kind.noun}${place ? ` in ${place}` : ''}.`, facts };
  if (place) return { text: `${f.name} is in ${place}.`, facts };
  return null;
}

/**
 * Deterministic description written from the facts only (no copied prose, nothing the facts do not say): the sight
 * page's short line when no fuller text is known. Same facts, same text.
 */
export function describeSight(f: SightFacts): string {
  return describeSightFacts(f)?.text ?? `${f.name}.`;
}

const andList = (v: string) => {
  const parts = v.split(', ');
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : v;
};

/**
 * Sentences for a sight's cached Wikidata claims (issue 18), each naming the claim it states and its source:
 * 'Eiffel Tower dates from 31 March 1889.', 'Eiffel Tower was designed by Stephen Sauvestre.'. The website is
 * shown on the page, never read aloud. `max` limits how many are said.
 */
export function describeClaims(
  name: string,
  claims: SightClaim[],
  sightId: string | null,
  max = Infinity,
  source?: (c: SightClaim) => FactSource,
): FactSentence[] {
  const out: FactSentence[] = [];
  const n = name.trim().replace(/[.!?…:;,\s]+$/, '');
  for (const c of claims) {
    if (out.length >= max) break;
    let text: string | null = null;
    if (c.kind === 'inception')
      text = `${n} dates from ${/century|\ds$/.test(c.value) ? 'the ' : ''}${c.value}.`;
    else if (c.kind === 'architect') text = `${n} was designed by ${andList(c.value)}.`;
    else if (c.kind === 'creator') text = `${n} was created by ${andList(c.value)}.`;
    else if (c.kind === 'heritage') text = `${n} has the heritage designation ${andList(c.value)}.`;
    else if (c.kind === 'height') text = `${n} is ${c.value} high.`;
    else if (c.kind === 'visitors') {
      const m = /^(.*) \((.+)\)$/.exec(c.value);
      text = m ? `In ${m[2]}, ${n} had ${m[1]} visitors.` : `${n} has ${c.value} visitors a year.`;
    }
    if (!text) continue;
    out.push({
      text,
      facts: [
        { kind: 'name', value: name, sightId },
        { kind: c.kind as FactRef['kind'], value: c.value, sightId, ...(source && { source: source(c) }) },
      ],
    });
  }
  return out;
}
