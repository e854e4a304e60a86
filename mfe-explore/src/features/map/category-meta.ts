import type { CategoryFilter } from '../nearby';

// Kept apart from category-icons (Leaflet icons): the list and the toolbar use these without loading the map's code.

export type MarkerCategory = Exclude<CategoryFilter, 'all'>;

/** Inline glyphs only: no external image URLs, so markers render offline. */
export const CATEGORY_GLYPH: Record<MarkerCategory, string> = {
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
