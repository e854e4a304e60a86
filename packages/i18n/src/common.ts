import { registerCatalog } from './instance';
import en from './locales/en';

/** The package's own messages (the switcher's label). */
export const COMMON_NS = 'common';

export const commonReady = registerCatalog(COMMON_NS, {
  en,
  load: {
    fr: () => import('./locales/fr'),
    de: () => import('./locales/de'),
    es: () => import('./locales/es'),
    it: () => import('./locales/it'),
    ar: () => import('./locales/ar'),
  },
});
