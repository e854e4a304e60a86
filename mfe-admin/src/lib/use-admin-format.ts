import { useMemo } from 'react';
import { useFormat } from '@wayfarer/i18n';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The admin screens' numbers, amounts, percentages and dates in the active locale (`useFormat` of
 * @wayfarer/i18n, so Intl), plus the charts' axis ticks.
 */
export function useAdminFormat() {
  const f = useFormat();
  return useMemo(() => {
    const num = (n: number) => f.number(n, { maximumFractionDigits: 2 });
    /** An amount with two decimals (the dashboard's revenue, expenses and costs). */
    const money = (n: number) => f.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    /** A fraction (0.25) as a percentage ('25 %' in French, '٢٥٪' in Arabic). */
    const pct = (fraction: number, digits = 0) =>
      f.number(fraction, { style: 'percent', maximumFractionDigits: digits });
    /** A timestamp as date and time; '—' when there is none, the raw text when it is not a date. */
    const when = (iso: string | null | undefined) => {
      if (!iso) return '—';
      return Number.isNaN(new Date(iso).getTime()) ? iso : f.dateTime(iso);
    };
    /** A chart's date tick ('2026-11-27' or an ISO period): day and month in the locale, as the API dated it. */
    const tick = (v: unknown) => {
      const s = String(v);
      const d = new Date(s);
      if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}/.test(s)) return s;
      return f.date(d, { day: 'numeric', month: 'short', timeZone: DAY.test(s) ? 'UTC' : undefined });
    };
    return { ...f, num, money, pct, when, tick };
  }, [f]);
}

export type AdminFormat = ReturnType<typeof useAdminFormat>;
