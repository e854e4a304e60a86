import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES } from '@wayfarer/contracts';
// The package's pure catalog helpers (the package root would start i18next, a browser concern).
import { compareCatalogs, emptyMessages, placeholders, type Catalog } from '../packages/i18n/src/catalogs';

/**
 * Every key of every catalog of every app exists in every language (a missing key fails CI).
 * A catalog is `<app>/src/locales/<lang>.ts` (English the source); the apps are found in the tree, so a new
 * remote's catalogs are checked without a change here.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const ROOT = path.resolve(import.meta.dirname, '..');
const OWNERS = ['shell', 'packages/i18n', ...readdirSync(ROOT).filter((d) => d.startsWith('mfe-'))]
  .map((d) => ({ owner: d, dir: path.join(ROOT, d, 'src', 'locales') }))
  .filter((o) => existsSync(o.dir));

const read = async (file: string) =>
  ((await import(pathToFileURL(file).href)) as { default: Catalog }).default;

/**
 * A language's catalog. English may come in parts (`en-<part>.ts`, added by the pages that show them rather than
 * with the first load): together they are the catalog the other languages must match.
 */
async function load(dir: string, lang: string): Promise<Catalog> {
  const whole = await read(path.join(dir, `${lang}.ts`));
  if (lang !== 'en') return whole;
  const parts = readdirSync(dir).filter((f) => /^en-[a-z-]+\.ts$/.test(f));
  const extra = await Promise.all(parts.map((f) => read(path.join(dir, f))));
  return Object.assign({}, whole, ...extra) as Catalog;
}

function messages(c: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of messages(v, key)) out.set(kk, vv);
  }
  return out;
}

describe('message catalogs', () => {
  it('the shell, the i18n package and the marketing remote have catalogs', () => {
    expect(OWNERS.map((o) => o.owner)).toEqual(
      expect.arrayContaining(['shell', 'packages/i18n', 'mfe-marketing']),
    );
  });

  const cases = OWNERS.flatMap((o) => LANGUAGES.map((lang) => [o.owner, lang, o.dir] as const));
  it.each(cases)(
    '%s: %s has every key of English, no other, none empty, the same placeholders',
    async (_o, lang, dir) => {
      expect(existsSync(path.join(dir, `${lang}.ts`)) ? lang : `${lang}.ts is missing`).toBe(lang);
      const en = await load(dir, 'en');
      const other = await load(dir, lang);
      expect(compareCatalogs(en, other)).toEqual({ missing: [], extra: [] });
      expect(emptyMessages(other)).toEqual([]);
      const enMessages = messages(en);
      // A plural form may leave the number out ('one sight' in Arabic is the word for one, not '1').
      const names = (k: string, v: string) =>
        placeholders(v)
          .filter((p) => !(PLURAL.test(k) && p === 'count'))
          .join();
      const wrong = [...messages(other)]
        .filter(([k, v]) => enMessages.has(k) && names(k, v) !== names(k, enMessages.get(k)!))
        .map(([k]) => k);
      expect(wrong).toEqual([]);
    },
  );

  it('fails for a catalog that lacks a key or loses a placeholder', () => {
    const en = { a: { b: 'Hello {{name}}', c: 'Bye' } };
    expect(compareCatalogs(en, { a: { b: 'Bonjour {{name}}' } }).missing).toEqual(['a.c']);
    expect(placeholders('Bonjour {{nom}}')).not.toEqual(placeholders(en.a.b));
  });
});
