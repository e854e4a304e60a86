import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, matchLanguage } from '@wayfarer/contracts/browser';
import { COMMON_NS } from './common';

/** Dates, numbers, distances and prices in a locale, through `Intl`. */
export interface Formatters {
  locale: string;
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  dateTime(value: Date | string | number): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** Metres as '850 m' / '1.2 km' in the locale ('1,2 km', '١٫٢ كم'). */
  distance(metres: number): string;
  price(amount: number, currency?: string): string;
  relative(value: Date | string | number, now?: number): string;
}

const DIVISIONS: [number, Intl.RelativeTimeFormatUnit][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [4.34524, 'week'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

/**
 * One `Intl` formatter per locale and options, made on first use and kept: constructing one costs far more than
 * formatting with it (a list of 40 distances made 40 `NumberFormat`s per render, and the page's first one loads
 * the locale's ICU data: 50-300 ms of a first load's main thread in Chromium, measured).
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}
const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));

export function formatters(language: string): Formatters {
  const locale = matchLanguage(language) ?? DEFAULT_LANGUAGE;
  const number = (value: number, options?: Intl.NumberFormatOptions) =>
    numberFormat(locale, options).format(value);
  return {
    locale,
    date: (value, options = { dateStyle: 'medium' }) => dateFormat(locale, options).format(new Date(value)),
    dateTime: (value) =>
      dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    number,
    distance: (metres) =>
      metres < 1000
        ? number(Math.round(metres), { style: 'unit', unit: 'meter', unitDisplay: 'short' })
        : number(metres / 1000, {
            style: 'unit',
            unit: 'kilometer',
            unitDisplay: 'short',
            maximumFractionDigits: metres < 10_000 ? 1 : 0,
          }),
    price: (amount, currency = 'EUR') => number(amount, { style: 'currency', currency }),
    relative: (value, now = Date.now()) => {
      let amount = (new Date(value).getTime() - now) / 1000;
      const rtf = cached(
        'r',
        locale,
        undefined,
        () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      );
      for (const [size, unit] of DIVISIONS) {
        if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
        amount /= size;
      }
      return rtf.format(Math.round(amount), 'year');
    },
  };
}

/** The active language's formatters; re-renders on a language change. */
export function useFormat(): Formatters {
  // A namespace that is always there (English bundled): the default one would make the caller suspend.
  const { i18n } = useTranslation(COMMON_NS);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatters(language), [language]);
}
