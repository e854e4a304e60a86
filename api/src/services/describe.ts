import type { FactSource, SightClaim } from '@wayfarer/contracts';
import { normalizeCategory, type Category } from './categories';
import { andList as andListIn, countryIn, phrasesFor } from './guide-phrases';
import { localCityName } from './place-names';

export interface SightFacts {
  name: string;
  /** Null when no category is known (then nothing is said about what the place is). */
  category: Category | null;
  subtype?: string | null;
  city?: string | null;
  country?: string | null;
  /** ISO code of the country: with it the city is named in the guide's language ('Roma' → 'Rome'). */
  country_code?: string | null;
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
    // Cached facts from Wikidata, each with its source.
    | 'inception'
    | 'architect'
    | 'creator'
    | 'heritage'
    | 'height'
    | 'visitors'
    // A sentence of a licensed text (its source sentence as value, with the text's page and licence).
    | 'text'
    // The guide's note that no licensed text about the sight is there in its language (value: the language).
    | 'no_text';
  value: string;
  sightId?: string | null;
  /** Where a cached fact comes from (its Wikidata item), listed as the station's source. */
  source?: FactSource;
  /** The words the sentence uses for the value when they differ from it (a country or direction in the guide's language). */
  said?: string;
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

/** The city as the data has it and as the guide says it: in the guide's language when the names list knows it. */
function cityOf(f: SightFacts, language: string): { city: string | null; saidCity: string | null } {
  const city = f.city?.trim() || null;
  return { city, saidCity: city && localCityName(city, f.country_code, language) };
}

const cityFact = (city: string, said: string | null, sightId: string | null): FactRef => ({
  kind: 'city',
  value: city,
  sightId,
  ...(said && said !== city && { said }),
});

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

/**
 * The one sentence the facts support: what the place is and where ('Eiffel Tower is a landmark in Paris, France.'),
 * or less when less is known; null when only the name is known. Every part comes from a named fact, returned with it.
 * In another guide language the same frames in its words: the country is named in that language.
 */
export function describeSightFacts(
  f: SightFacts,
  sightId: string | null = null,
  language = 'en',
): FactSentence | null {
  if (language !== 'en') return describeIn(f, sightId, language);
  const kind = kindOf(f);
  const facts: FactRef[] = [{ kind: 'name', value: f.name, sightId }];
  if (kind) facts.push({ ...kind.fact, sightId });
  const { city, saidCity } = cityOf(f, language);
  const country = f.country?.trim() || null;
  if (city) facts.push(cityFact(city, saidCity, sightId));
  if (country) facts.push({ kind: 'country', value: country, sightId });
  const place = [saidCity, country].filter(Boolean).join(', ');
  if (kind)
    return { text: `${f.name} is ${article(kind.noun)} ${kind.noun}${place ? ` in ${place}` : ''}.`, facts };
  if (place) return { text: `${f.name} is in ${place}.`, facts };
  return null;
}

function describeIn(f: SightFacts, sightId: string | null, language: string): FactSentence | null {
  const p = phrasesFor(language);
  const sub = (f.subtype ?? '').trim();
  const cat = f.category && normalizeCategory(f.category);
  const kind = p.kind[sub]
    ? { noun: p.kind[sub], fact: { kind: 'kind' as const, value: sub } }
    : cat
      ? { noun: p.category[cat], fact: { kind: 'category' as const, value: cat } }
      : null;
  const facts: FactRef[] = [{ kind: 'name', value: f.name, sightId }];
  if (kind) facts.push({ ...kind.fact, sightId });
  const { city, saidCity } = cityOf(f, language);
  const country = f.country?.trim() || null;
  const saidCountry = country && countryIn(country, language);
  if (city) facts.push(cityFact(city, saidCity, sightId));
  if (country && saidCountry)
    facts.push({
      kind: 'country',
      value: country,
      sightId,
      ...(saidCountry !== country && { said: saidCountry }),
    });
  if (kind) return { text: p.isKind(f.name, kind.noun, saidCity, saidCountry), facts };
  if (saidCity || saidCountry) return { text: p.isIn(f.name, saidCity, saidCountry), facts };
  return null;
}

/**
 * Deterministic description written from the facts only (no copied prose, nothing the facts do not say): the sight
 * page's short line when no fuller text is known. Same facts, same text.
 */
export function describeSight(f: SightFacts): string {
  return describeSightFacts(f)?.text ?? `${f.name}.`;
}

/**
 * Sentences for a sight's cached Wikidata claims, each naming the claim it states and its source:
 * 'Eiffel Tower dates from 31 March 1889.', 'Eiffel Tower was designed by Stephen Sauvestre.'. The website is
 * shown on the page, never read aloud. `max` limits how many are said.
 */
export function describeClaims(
  name: string,
  claims: SightClaim[],
  sightId: string | null,
  max = Infinity,
  source?: (c: SightClaim) => FactSource,
  language = 'en',
): FactSentence[] {
  const out: FactSentence[] = [];
  const n = name.trim().replace(/[.!?…:;,\s]+$/, '');
  const say = phrasesFor(language).claim;
  const andList = (v: string) => andListIn(v, language);
  for (const c of claims) {
    if (out.length >= max) break;
    let text: string | null = null;
    if (c.kind === 'inception') text = say.inception(n, c.value);
    else if (c.kind === 'architect') text = say.architect(n, andList(c.value));
    else if (c.kind === 'creator') text = say.creator(n, andList(c.value));
    else if (c.kind === 'heritage') text = say.heritage(n, andList(c.value));
    else if (c.kind === 'height') text = say.height(n, c.value);
    else if (c.kind === 'visitors') {
      const m = /^(.*) \((.+)\)$/.exec(c.value);
      text = m ? say.visitorsIn(n, m[2], m[1]) : say.visitorsYear(n, c.value);
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
