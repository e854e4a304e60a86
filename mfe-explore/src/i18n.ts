import { i18n, registerCatalog, type TFunction } from '@wayfarer/i18n';
import en from './locales/en';

/** The explore remote's catalog namespace. */
export const EXPLORE_NS = 'explore';

/** Resolves once the active language's explore messages are there (the route preload waits for it). */
export const exploreCatalogReady = registerCatalog(EXPLORE_NS, {
  en,
  load: {
    fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
    de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
    es: () => import(/* webpackChunkName: "locale-es" */ './locales/es'),
    it: () => import(/* webpackChunkName: "locale-it" */ './locales/it'),
    ar: () => import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
  },
});

/**
 * An explore message in the active language, for code outside React's render (errors thrown by a write, Leaflet's
 * markers, pure helpers): components use `useTranslation(EXPLORE_NS)`, which also re-renders on a language change.
 */
export const tExplore: TFunction = i18n.getFixedT(null, EXPLORE_NS);
