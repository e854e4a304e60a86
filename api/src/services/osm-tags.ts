import { commonsUrl } from './seed';
import { normalizeCategory, type Category } from './categories';

/**
 * OpenStreetMap tags to the product's four categories (spec point 3: landmark, museum, scenery, historic; the aliases
 * nature/natural -> scenery and history/historical -> historic are resolved by normalizeCategory).
 */

const MUSEUM_TOURISM = new Set(['museum', 'gallery']);
const LANDMARK_TOURISM = new Set(['attraction', 'artwork', 'theme_park', 'zoo', 'aquarium']);
const SCENERY_TOURISM = new Set(['viewpoint']);
const HISTORIC_TOURISM = new Set(['ruins']);
const SCENERY_NATURAL = new Set([
  'peak',
  'volcano',
  'waterfall',
  'beach',
  'cave_entrance',
  'cliff',
  'arch',
  'rock',
  'stone',
  'glacier',
  'bay',
  'cape',
  'spring',
  'hot_spring',
  'geyser',
  'gorge',
  'valley',
  'dune',
  'saddle',
  'ridge',
]);
const SCENERY_LEISURE = new Set(['park', 'garden', 'nature_reserve']);
const LANDMARK_MAN_MADE = new Set(['lighthouse', 'tower', 'obelisk', 'bridge', 'windmill', 'observatory']);
const LANDMARK_AMENITY = new Set(['fountain', 'place_of_worship', 'theatre', 'planetarium']);
/** historic=* values that are bookkeeping rather than a visitable sight. */
const HISTORIC_IGNORED = new Set(['no', 'yes;no']);

/** A noun for the description writer when OSM says more than the category does. */
const NOUN: Record<string, string> = {
  'historic=castle': 'castle',
  'historic=palace': 'palace',
  'historic=fort': 'fortress',
  'historic=ruins': 'ruin',
  'tourism=ruins': 'ruin',
  'tourism=museum': 'museum',
  'natural=peak': 'mountain',
  'natural=volcano': 'mountain',
  'natural=waterfall': 'waterfall',
  'natural=cape': 'cape',
  'natural=saddle': 'pass',
  'natural=beach': 'beach',
};
/** Keys the description writer understands (describe.ts KIND table and its beach rule). */
const WRITER_KIND: Record<string, string> = {
  castle: 'castle',
  palace: 'palace',
  fortress: 'fortress',
  ruin: 'ruin',
  museum: 'museum',
  mountain: 'mountain',
  waterfall: 'waterfall',
  cape: 'cape',
  pass: 'pass',
  beach: 'beach',
};

export interface OsmSightFacts {
  /** Categories in priority order (museum, historic, scenery, landmark); the first is the primary one. */
  categories: Category[];
  /** The tag that decided the primary category, e.g. 'historic=fort'. */
  hint: string;
  /** Subtype for the description writer (a key of its table), or null for the category noun. */
  writerKind: string | null;
  coverImageUrl: string | null;
  previewImageUrl: string | null;
}

/** Category facts for one element's tags; null when it is not a sight of any of the four categories. */
export function classifyOsmTags(tags: Record<string, string>): OsmSightFacts | null {
  const t = (k: string) => (tags[k] ?? '').trim().toLowerCase();
  const found: Array<{ c: Category; tag: string }> = [];
  const add = (c: Category, tag: string) => {
    if (!found.some((f) => f.c === c)) found.push({ c, tag });
  };
  const tourism = t('tourism');
  const historic = t('historic');
  const natural = t('natural');
  const leisure = t('leisure');
  const manMade = t('man_made');
  const amenity = t('amenity');

  if (MUSEUM_TOURISM.has(tourism)) add('museum', `tourism=${tourism}`);
  if (amenity === 'arts_centre' && /museum|gallery/i.test(tags.name ?? ''))
    add('museum', 'amenity=arts_centre');
  if (historic && !HISTORIC_IGNORED.has(historic)) add('historic', `historic=${historic}`);
  if (HISTORIC_TOURISM.has(tourism)) add('historic', `tourism=${tourism}`);
  if (t('heritage') && (tourism || amenity || manMade)) add('historic', `heritage=${t('heritage')}`);
  if (SCENERY_NATURAL.has(natural)) add('scenery', `natural=${natural}`);
  if (SCENERY_TOURISM.has(tourism)) add('scenery', `tourism=${tourism}`);
  if (SCENERY_LEISURE.has(leisure)) add('scenery', `leisure=${leisure}`);
  if (t('boundary') === 'national_park') add('scenery', 'boundary=national_park');
  if (LANDMARK_TOURISM.has(tourism)) add('landmark', `tourism=${tourism}`);
  if (LANDMARK_MAN_MADE.has(manMade)) add('landmark', `man_made=${manMade}`);
  if (LANDMARK_AMENITY.has(amenity)) add('landmark', `amenity=${amenity}`);
  // Some mappers write a category word directly (e.g. a 'sight' or 'category' tag with 'nature' or 'history').
  for (const k of ['sight', 'category']) {
    const c = tags[k] ? normalizeCategory(tags[k]) : null;
    if (c) add(c, `${k}=${t(k)}`);
  }
  if (!found.length) return null;

  const order: Category[] = ['museum', 'historic', 'scenery', 'landmark'];
  found.sort((a, b) => order.indexOf(a.c) - order.indexOf(b.c));
  const primary = found[0]!;
  const noun = NOUN[primary.tag] ?? null;
  const image = imageOf(tags);
  return {
    categories: found.map((f) => f.c),
    hint: primary.tag,
    writerKind: noun ? (WRITER_KIND[noun] ?? null) : null,
    coverImageUrl: image?.(640) ?? null,
    previewImageUrl: image?.(320) ?? null,
  };
}

/** A Commons file from `wikimedia_commons` or a Commons `image` link; other `image` URLs are used as given (https only). */
function imageOf(tags: Record<string, string>): ((width: number) => string) | null {
  const commons = (tags.wikimedia_commons ?? '').trim();
  if (/^File:/i.test(commons)) {
    const name = commons.replace(/^File:/i, '');
    return (w) => commonsUrl(name, w);
  }
  const image = (tags.image ?? '').trim();
  const m = /^https?:\/\/commons\.wikimedia\.org\/wiki\/File:(.+)$/i.exec(image);
  if (m) {
    const name = decodeURIComponent(m[1]!);
    return (w) => commonsUrl(name, w);
  }
  if (/^https:\/\/[^\s]+\.(jpe?g|png|webp)$/i.test(image)) return () => image;
  return null;
}

/** The display name: `name`, else `name:en`, trimmed with whitespace collapsed; null when there is none. */
export function osmName(tags: Record<string, string>): string | null {
  const raw = tags.name ?? tags['name:en'] ?? '';
  const n = raw.replace(/\s+/g, ' ').trim();
  return n && n.length <= 200 ? n : null;
}
