import L from 'leaflet';
import type { CategoryFilter } from '../nearby/lib/places-logic';

type Cat = Exclude<CategoryFilter, 'all'>;

/** Inline glyphs only: no external image URLs, so markers render offline. */
export const CATEGORY_GLYPH: Record<Cat, string> = {
  landmark: '★',
  museum: '🏛',
  scenery: '🌿',
  historic: '🏰',
};

export const CATEGORY_LABEL: Record<CategoryFilter, string> = {
  all: 'All',
  landmark: 'Landmarks',
  museum: 'Museums',
  scenery: 'Scenery',
  historic: 'Historic',
};

const cache = new Map<string, L.DivIcon>();

/** One shared DivIcon per category and state, so 10k markers do not build 10k icons. */
export function categoryIcon(cat: Cat, highlighted = false): L.DivIcon {
  const key = `${cat}:${highlighted ? 1 : 0}`;
  let icon = cache.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: `explore-pin explore-pin--${cat}${highlighted ? ' is-highlighted' : ''}`,
      html: `<span aria-hidden="true">${CATEGORY_GLYPH[cat]}</span>`,
      iconSize: highlighted ? [36, 36] : [28, 28],
      iconAnchor: highlighted ? [18, 18] : [14, 14],
    });
    cache.set(key, icon);
  }
  return icon;
}
