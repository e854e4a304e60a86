// The map feature's public API: the map and the category names and glyphs the list shares with it.
export { CATEGORY_GLYPH, CATEGORY_LABEL } from './category-meta';
export { ExploreMap } from './explore-map';
