import { registerCatalog } from '@wayfarer/i18n';
import en from './locales/en';

/** The account remote's catalog namespace. */
export const ACCOUNT_NS = 'account';

/** Resolves once the active language's account messages are there (the route preload waits for it). */
export const accountCatalogReady = registerCatalog(ACCOUNT_NS, {
  en,
  load: {
    fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
    de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
    es: () => import(/* webpackChunkName: "locale-es" */ './locales/es'),
    it: () => import(/* webpackChunkName: "locale-it" */ './locales/it'),
    ar: () => import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
  },
});
