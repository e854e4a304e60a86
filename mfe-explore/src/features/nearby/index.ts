// The nearby feature's public API for the map (the map page itself is imported by app/routes.tsx on its own, so
// importing this index never pulls the page in).
export { placeCategory, toPlace, SEARCH_KM, type CategoryFilter, type Place } from './utils/places-logic';
