import type { Category } from './categories';

export interface SightFacts {
  name: string;
  category: Category;
  subtype?: string | null;
  city?: string | null;
  country?: string | null;
  popularity?: number | null;
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

const CATEGORY_NOUN: Record<Category, string> = {
  landmark: 'landmark',
  museum: 'museum',
  scenery: 'natural sight',
  historic: 'historic site',
};

function kindOf(f: SightFacts): string {
  const sub = (f.subtype ?? '').trim();
  if (KIND[sub]) return KIND[sub];
  if (sub.startsWith('beach')) return 'beach';
  if (sub.startsWith('nps:')) return sub.slice(4).trim().toLowerCase() || CATEGORY_NOUN[f.category];
  if (sub.startsWith('tourist_attraction:')) return `${sub.split(':')[1]} ${f.category === 'landmark' ? 'landmark' : ''}`.trim();
  return CATEGORY_NOUN[f.category];
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

function fame(p: number | null | undefined): string {
  if (p == null) return '';
  if (p >= 80) return 'one of the most visited places of its kind';
  if (p >= 60) return 'a well-known stop for travellers';
  if (p >= 40) return 'a stop many visitors make';
  return 'a quieter place off the busiest routes';
}

const CLOSING: Record<Category, string> = {
  museum: 'Plan time for the collections and check opening hours before you go.',
  historic: 'Walk the grounds slowly: the layout itself tells part of the story.',
  scenery: 'Bring suitable shoes and look out for the best light early or late in the day.',
  landmark: 'Take a moment to see it from a distance as well as up close.',
};

/** Deterministic description written from the facts only (no copied prose). Same facts, same text. */
export function describeSight(f: SightFacts): string {
  const kind = kindOf(f);
  const place = [f.city, f.country].filter(Boolean).join(', ');
  const first = `${f.name} is ${article(kind)} ${kind}${place ? ` in ${place}` : ''}.`;
  const famous = fame(f.popularity);
  const second = famous ? ` It is ${famous}.` : '';
  return `${first}${second} ${CLOSING[f.category]}`;
}
