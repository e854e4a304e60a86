import type { Catalog } from '@wayfarer/i18n';

export default {
  category: {
    all: 'All',
    landmark: 'Landmarks',
    museum: 'Museums',
    scenery: 'Scenery',
    historic: 'Historic',
  },
  nearby: {
    title: 'Explore',
    searchLabel: 'Search a place',
    searchPlaceholder: 'Search a city or place',
    searching: 'Searching…',
    search: 'Search',
    locating: 'Locating…',
    locate: 'Use my location',
    radius: 'Radius',
    km: '{{km}} km',
    categoryLabel: 'Category',
    noneTitle: 'No sights found here',
    noneText: 'Try a wider radius or another category, or search somewhere else.',
    widen: 'Widen to 20 km',
    allCategories: 'Show all categories',
    retry: 'Retry',
    count_one: '{{count}} sight within {{km}} km',
    count_other: '{{count}} sights within {{km}} km',
    loadingSights: 'Loading sights',
    sights: 'Sights',
    more: 'Show more ({{count}} more)',
    noRatings: 'No ratings yet',
    fromOsm: 'From OpenStreetMap',
  },
  notFound: {
    title: 'Page not found',
    servedBy: 'Served by the explore remote.',
  },
} satisfies Catalog;
