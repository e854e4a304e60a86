// The nearby feature's public API for the map and the detail page (the map page itself is imported by
// app/routes.tsx on its own, so importing this index never pulls the page in).
export { placeCategory, toPlace, type CategoryFilter, type Place } from './lib/places-logic';
export { NEARBY_RECEIVED_MARK } from './state/load-places';
export { enrichedSightsAtom, placesStore } from './state/places-atoms';
