import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import {
  LANGUAGE_STORAGE_KEY,
  LanguageSelect,
  applyLanguage,
  commonReady,
  detectLanguage,
  formatters,
  initialLanguage,
  i18n,
  onLanguageChosen,
  registerCatalog,
  useTranslation,
} from '../index';
import { openingLanguage } from '@wayfarer/contracts/browser';
import { compareCatalogs } from '../catalogs';
import { pseudoMessage } from '../pseudo';

describe('detectLanguage', () => {
  it('takes the profile, then the stored choice, then the browser, then English', () => {
    expect(detectLanguage({ profile: 'de', stored: 'fr', navigatorLanguages: ['es'] })).toBe('de');
    expect(detectLanguage({ profile: null, stored: 'fr', navigatorLanguages: ['es'] })).toBe('fr');
    expect(detectLanguage({ stored: 'xx', navigatorLanguages: ['ja-JP', 'it-CH', 'es'] })).toBe('it');
    expect(detectLanguage({ navigatorLanguages: ['ja', 'zh'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });
});

describe('openingLanguage (the i18n instance and the first screens open in it)', () => {
  it('takes ?lng=, then the stored choice, then the browser, then English', () => {
    const sources = { stored: 'fr', navigatorLanguages: ['es'] };
    expect(openingLanguage({ search: '?lng=de-AT', ...sources })).toBe('de');
    expect(openingLanguage({ search: '?lng=xx', ...sources })).toBe('fr');
    expect(openingLanguage({ search: '', navigatorLanguages: ['ja', 'ar-EG'] })).toBe('ar');
    expect(openingLanguage({ search: '' })).toBe('en');
  });

  it('is the language the i18n instance starts in', () => {
    window.history.replaceState({}, '', '/?lng=it');
    try {
      expect(initialLanguage()).toBe(openingLanguage({ search: '?lng=it' }));
      expect(initialLanguage()).toBe('it');
    } finally {
      window.history.replaceState({}, '', '/');
    }
  });
});

describe('compareCatalogs', () => {
  it('reports missing and extra keys, accepting the other plural forms of an English plural', () => {
    const en = { a: 'A', n: { item_one: 'one item', item_other: '{{count}} items' } };
    expect(compareCatalogs(en, { a: 'x', n: { item_other: 'y', item_few: 'z' } })).toEqual({
      missing: [],
      extra: [],
    });
    expect(compareCatalogs(en, { n: { item_other: 'y', b: 'z' } })).toEqual({
      missing: ['a'],
      extra: ['n.b'],
    });
  });
});

describe('pseudoMessage', () => {
  it('accents letters and keeps placeholders and tags', () => {
    expect(pseudoMessage('Hi {{name}}, <1>go</1>')).toBe('⟦Ĥí {{name}}, <1>ğó</1>⟧');
  });
});

// Intl separates number and unit with a (narrow) no-break space in some locales.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  it('formats numbers, distances and prices in the locale', () => {
    expect(formatters('en').distance(850)).toBe('850 m');
    expect(formatters('en').distance(1234)).toBe('1.2 km');
    expect(plain(formatters('fr').distance(1234))).toBe('1,2 km');
    expect(plain(formatters('de').price(4.99, 'EUR'))).toBe('4,99 €');
    expect(formatters('en').price(4.99, 'EUR')).toBe('€4.99');
    expect(formatters('de').number(1234567)).toBe('1.234.567');
    expect(formatters('fr').date('2026-03-05T12:00:00Z', { month: 'long', timeZone: 'UTC' })).toBe('mars');
  });

  it('makes one Intl formatter per locale and options, not one per value', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      const en = formatters('en');
      const distances = [120, 850, 990, 1234, 5678, 12_345].map((m) => en.distance(m));
      expect(distances).toEqual(['120 m', '850 m', '990 m', '1.2 km', '5.7 km', '12 km']);
      expect(formatters('en').distance(430)).toBe('430 m');
      // metres, km with one decimal, km with none: three option sets, made once each (or already made before).
      expect(made.mock.calls.length).toBeLessThanOrEqual(3);
      const before = made.mock.calls.length;
      expect(plain(formatters('fr').distance(1234))).toBe('1,2 km');
      expect(formatters('en').distance(1234)).toBe('1.2 km');
      expect(made.mock.calls.length).toBeLessThanOrEqual(before + 1);
    } finally {
      made.mockRestore();
    }
  });
});

const demo = {
  en: { hello: 'Hello' },
  load: {
    fr: () => Promise.resolve({ default: { hello: 'Bonjour' } }),
    de: () => Promise.resolve({ default: { hello: 'Hallo' } }),
    es: () => Promise.resolve({ default: { hello: 'Hola' } }),
    it: () => Promise.resolve({ default: { hello: 'Ciao' } }),
    ar: () => Promise.resolve({ default: { hello: 'مرحبا' } }),
  },
};

function Hello() {
  const { t } = useTranslation('demo');
  return <p>{t('hello')}</p>;
}

describe('the shared instance', () => {
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('starts in English for an en-US browser, switches every namespace, html lang/dir and storage', async () => {
    await registerCatalog('demo', demo);
    await commonReady;
    expect(i18n.language).toBe('en');
    const chosen: string[] = [];
    const off = onLanguageChosen((l) => chosen.push(l));
    render(
      <Suspense fallback="loading">
        <Hello />
        <LanguageSelect />
      </Suspense>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ar');
    expect(await screen.findByText('مرحبا')).toBeTruthy();
    expect((screen.getByLabelText('اللغة') as HTMLSelectElement).value).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(chosen).toEqual(['ar']);
    await userEvent.selectOptions(screen.getByLabelText('اللغة'), 'fr');
    expect(await screen.findByText('Bonjour')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    off();
  });

  it('shows the pseudo-locale in development', async () => {
    await registerCatalog('demo', demo);
    render(
      <Suspense fallback="loading">
        <Hello />
      </Suspense>,
    );
    await act(() => i18n.changeLanguage('pseudo'));
    expect(await screen.findByText('⟦Ĥéĺĺó⟧')).toBeTruthy();
  });
});
