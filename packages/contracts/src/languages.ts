/**
 * The languages of the product: the UI, the e-mails and (with guides) the listener's guide. English is
 * the default and the source catalog every other language is checked against; Arabic is written right to left.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in that language (the switcher lists them so, whatever the current language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  ar: 'العربية',
};

const RTL: ReadonlySet<string> = new Set<Language>(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The writing direction of a language (of `<html dir>`). */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

/** The supported language of a BCP 47 tag ('fr-CA' → 'fr'), or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/**
 * The language to show: the signed-in user's profile, else the visitor's own earlier choice on this device,
 * else the first of the browser's languages the product speaks, else English.
 */
export function detectLanguage(sources: {
  profile?: string | null;
  stored?: string | null;
  navigatorLanguages?: readonly string[];
}): Language {
  const fromProfile = matchLanguage(sources.profile);
  if (fromProfile) return fromProfile;
  const fromStore = matchLanguage(sources.stored);
  if (fromStore) return fromStore;
  for (const tag of sources.navigatorLanguages ?? []) {
    const m = matchLanguage(tag);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

/** Where the visitor's choice is kept on this device (read before the session is known: no English flash). */
export const LANGUAGE_STORAGE_KEY = 'wf-language';

/**
 * The language a page opens in before anyone is signed in: `?lng=` (links and tests), else the choice stored on
 * this device, else the browser's. The i18n instance starts with it, and so does a route's first screen (painted
 * before the i18n code has loaded), so both speak the same language.
 */
export function openingLanguage(sources: {
  search: string;
  stored?: string | null;
  navigatorLanguages?: readonly string[];
}): Language {
  const fromQuery = matchLanguage(new URLSearchParams(sources.search).get('lng'));
  return (
    fromQuery ?? detectLanguage({ stored: sources.stored, navigatorLanguages: sources.navigatorLanguages })
  );
}
