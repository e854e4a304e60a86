import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  directionOf,
  isLanguage,
  matchLanguage,
  openingLanguage,
  type Language,
} from '@wayfarer/contracts/browser';
import type { CatalogSource } from './catalogs';
import { PSEUDO, pseudoCatalog } from './pseudo';

export { LANGUAGE_STORAGE_KEY };

/** The pseudo-locale exists in development builds (and tests) only. */
export const PSEUDO_ENABLED = process.env.NODE_ENV !== 'production';

const sources = new Map<string, CatalogSource>();

/** Reads a namespace's catalog for a language: English from the bundle, the others by their dynamic import. */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const source = sources.get(namespace);
    if (!source) return callback(null, {});
    // The condition first: production builds drop the pseudo-locale's code (PSEUDO_ENABLED is a constant there).
    if (PSEUDO_ENABLED && language === PSEUDO) return callback(null, pseudoCatalog(source.en));
    if (!isLanguage(language) || language === 'en') return callback(null, source.en);
    source.load[language]().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** `?lng=fr` (any supported language; `pseudo` in development) for links and tests; else stored, browser, English. */
export function initialLanguage(): string {
  const search = typeof location === 'undefined' ? '' : location.search;
  if (PSEUDO_ENABLED && new URLSearchParams(search).get('lng') === PSEUDO) return PSEUDO;
  return openingLanguage({
    search,
    stored: storage()?.getItem(LANGUAGE_STORAGE_KEY),
    navigatorLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

/** `<html lang dir>` follow the language (Arabic lays the page out right to left). */
function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  const el = document.documentElement;
  el.lang = language === PSEUDO ? 'en-XA' : language;
  el.dir = directionOf(language);
}

/**
 * The page's one i18next instance. '@wayfarer/i18n', 'i18next' and 'react-i18next' are Module Federation
 * singletons, so the shell and every remote render with this instance: a language change re-renders all of them.
 */
export const i18n = i18next.createInstance();
i18n
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: PSEUDO_ENABLED ? [...LANGUAGES, PSEUDO] : [...LANGUAGES],
    load: 'languageOnly',
    ns: [],
    defaultNS: false,
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  })
  .catch((err: unknown) => console.error('[i18n] init failed', err));
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/**
 * A namespace's catalogs (each remote owns one, named after it). English is added at once; the active language's
 * catalog starts loading; resolves once it is there (a remote's route preload waits for it).
 */
export function registerCatalog(namespace: string, source: CatalogSource): Promise<void> {
  if (!sources.has(namespace)) {
    sources.set(namespace, source);
    i18n.addResourceBundle('en', namespace, source.en, true, false);
  }
  return i18n.loadNamespaces(namespace).catch((err: unknown) => {
    console.error(`[i18n] catalog "${namespace}" failed to load`, err);
  });
}

/** The active language ('en' for the pseudo-locale's formatting). */
export function activeLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

type ChangeListener = (language: Language) => void;
const choiceListeners = new Set<ChangeListener>();

/**
 * The visitor picks a language (navbar or account page): kept on this device, applied to every remote at once,
 * and told to the listeners (the shell saves it to the signed-in user's profile).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
  for (const l of choiceListeners) l(language);
}

/** Applies a language without it being a new choice (the signed-in profile's, at sign-in). */
export async function applyLanguage(language: Language): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Subscribes to the visitor's language choices; returns the unsubscribe. */
export function onLanguageChosen(listener: ChangeListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}
