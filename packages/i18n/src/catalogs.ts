import type { Language } from '@wayfarer/contracts/browser';

/** A message catalog: nested keys, each leaf a message (i18next's JSON format, `{{name}}` interpolation). */
export interface Catalog {
  readonly [key: string]: string | Catalog;
}

/** The languages other than English, each loaded on demand (a dynamic import: its own chunk). */
export type CatalogLoaders = Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>>>;

/** A namespace's catalogs: English bundled (the default and every other language's fallback), the rest lazy. */
export interface CatalogSource {
  en: Catalog;
  load: CatalogLoaders;
}

/** Every key of a catalog as a dotted path ('home.title'), sorted. */
export function catalogKeys(catalog: Catalog, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(catalog)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.push(key);
    else out.push(...catalogKeys(v, key));
  }
  return out.sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * What a translation lacks or has too many against English: every English key must be there (for a plural,
 * i18next's `_other` form at least), and a key English does not have is only allowed as another plural form of
 * an English plural (Arabic has six: zero, one, two, few, many, other).
 */
export function compareCatalogs(en: Catalog, other: Catalog): { missing: string[]; extra: string[] } {
  const enKeys = new Set(catalogKeys(en));
  const keys = new Set(catalogKeys(other));
  const plurals = new Set([...enKeys].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
  const missing = [...enKeys].filter(
    (k) => !keys.has(k) && !(PLURAL.test(k) && keys.has(k.replace(PLURAL, '_other'))),
  );
  const extra = [...keys].filter(
    (k) => !enKeys.has(k) && !(PLURAL.test(k) && plurals.has(k.replace(PLURAL, ''))),
  );
  return { missing, extra };
}

/** Every message of a catalog whose text is empty (an untranslated placeholder). */
export function emptyMessages(catalog: Catalog): string[] {
  const out: string[] = [];
  const walk = (c: Catalog, prefix: string) => {
    for (const [k, v] of Object.entries(c)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') {
        if (!v.trim()) out.push(key);
      } else walk(v, key);
    }
  };
  walk(catalog, '');
  return out;
}

/** The `{{name}}` placeholders of a message, sorted (a translation must keep the same ones). */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}
