import { registerCatalog } from '@wayfarer/i18n';
import en from './locales/en';

/** The admin remote's catalog namespace. */
export const ADMIN_NS = 'admin';

/** Resolves once the active language's admin messages are there (the route preload waits for it). */
export const adminCatalogReady = registerCatalog(ADMIN_NS, {
  en,
  load: {
    fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
    de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
    es: () => import(/* webpackChunkName: "locale-es" */ './locales/es'),
    it: () => import(/* webpackChunkName: "locale-it" */ './locales/it'),
    ar: () => import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
  },
});
