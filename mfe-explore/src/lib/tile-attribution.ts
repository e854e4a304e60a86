import type { TFunction } from '@wayfarer/i18n';

const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** The tiles' attribution (HTML, as Leaflet shows it) in the page's language; the explore map and the mini map. */
export const tileAttribution = (t: TFunction) => t('map.attribution', { osm: OSM_LINK });
