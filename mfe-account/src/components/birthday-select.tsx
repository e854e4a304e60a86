import { useMemo, type Ref } from 'react';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../i18n';
import { birthYears, daysInMonth, type Birthday } from '../features/login/utils/login-rules';

/** The twelve month names in a locale ('January' … in English), through Intl. */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)));
}
/** `aria-invalid` / `aria-describedby` of a control whose field the shown message is about. */
export type Marking = { 'aria-invalid'?: true; 'aria-describedby'?: string };

interface BirthdayProps {
  value: Birthday;
  onChange: (b: Birthday) => void;
  selectRef?: Ref<HTMLSelectElement>;
  marking?: Marking;
}

/** Day, month and year selects; years from this year down 120; days follow the month (29 Feb only in leap years). */
export function BirthdaySelect({ value, onChange, selectRef, marking }: BirthdayProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { locale, number } = useFormat();
  const months = useMemo(() => monthNames(locale), [locale]);
  const days = daysInMonth(Number(value.month) || 1, value.year ? Number(value.year) : undefined);
  const set = (patch: Partial<Birthday>) => {
    const next = { ...value, ...patch };
    // Days follow the month length: clamp a day that no longer exists.
    const max = daysInMonth(Number(next.month) || 1, next.year ? Number(next.year) : undefined);
    if (next.day && Number(next.day) > max) next.day = String(max);
    onChange(next);
  };
  return (
    <fieldset className="account-birthday">
      <legend className="wf-label">{t('birthday.legend')}</legend>
      <select
        ref={selectRef}
        className="wf-input"
        aria-label={t('birthday.day')}
        value={value.day}
        onChange={(e) => set({ day: e.target.value })}
        {...marking}
      >
        <option value="">{t('birthday.day')}</option>
        {Array.from({ length: days }, (_, i) => (
          <option key={i} value={String(i + 1)}>
            {number(i + 1)}
          </option>
        ))}
      </select>
      <select
        className="wf-input"
        aria-label={t('birthday.month')}
        value={value.month}
        onChange={(e) => set({ month: e.target.value })}
        {...marking}
      >
        <option value="">{t('birthday.month')}</option>
        {months.map((m, i) => (
          <option key={m} value={String(i + 1)}>
            {m}
          </option>
        ))}
      </select>
      <select
        className="wf-input"
        aria-label={t('birthday.year')}
        value={value.year}
        onChange={(e) => set({ year: e.target.value })}
        {...marking}
      >
        <option value="">{t('birthday.year')}</option>
        {birthYears().map((y) => (
          <option key={y} value={String(y)}>
            {number(y, { useGrouping: false })}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
