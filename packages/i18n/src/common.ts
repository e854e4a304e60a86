import { registerCatalog } from './instance';
import en from './locales/en';

/** The package's own messages (the switcher's label). */
export const COMMON_NS = 'common';

// Named chunks: a host bundling its packages into one first-load chunk leaves named lazy chunks as they are.
export const commonReady = registerCatalog(COMMON_NS, {
  en,
  load: {
    fr: () => import(/* webpackChunkName: "common-locale-fr" */ './locales/fr'),
    de: () => import(/* webpackChunkName: "common-locale-de" */ './locales/de'),
    es: () => import(/* webpackChunkName: "common-locale-es" */ './locales/es'),
    it: () => import(/* webpackChunkName: "common-locale-it" */ './locales/it'),
    ar: () => import(/* webpackChunkName: "common-locale-ar" */ './locales/ar'),
  },
});
