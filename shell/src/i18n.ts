import { commonReady, registerCatalog } from '@wayfarer/i18n';
import en from './locales/en';

/** The shell's catalog namespace (navbar, error boundary, 404, titles). */
export const SHELL_NS = 'shell';

/** Resolves once the shell's and the switcher's messages of the active language are there (before the first render). */
export const shellCatalogReady = Promise.all([
  commonReady,
  registerCatalog(SHELL_NS, {
    en,
    load: {
      fr: () => import(/* webpackChunkName: "locale-fr" */ './locales/fr'),
      de: () => import(/* webpackChunkName: "locale-de" */ './locales/de'),
      es: () => import(/* webpackChunkName: "locale-es" */ './locales/es'),
      it: () => import(/* webpackChunkName: "locale-it" */ './locales/it'),
      ar: () => import(/* webpackChunkName: "locale-ar" */ './locales/ar'),
    },
  }),
]).then(() => undefined);
