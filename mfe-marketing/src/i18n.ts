import { registerCatalog } from '@wayfarer/i18n';
import en from './locales/en';

/** The marketing remote's catalog namespace. */
export const MARKETING_NS = 'marketing';

/** Resolves once the active language's marketing messages are there (the route preload waits for it). */
export const marketingCatalogReady = registerCatalog(MARKETING_NS, {
  en,
  load: {
    fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
    de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
    es: () => import(/* webpackChunkName: "locale-es" */ './locales/es'),
    it: () => import(/* webpackChunkName: "locale-it" */ './locales/it'),
    ar: () => import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
  },
});
