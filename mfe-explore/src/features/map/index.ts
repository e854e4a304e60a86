// The map feature's public API: the map (explore-page loads it lazily, as a chunk of its own).
export { ExploreMap } from './explore-map';
