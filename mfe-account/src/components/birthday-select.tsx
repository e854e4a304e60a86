import type { Ref } from 'react';
import { birthYears, daysInMonth, type Birthday } from '../features/login/utils/login-rules';

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
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
      <legend className="wf-label">Birthday</legend>
      <select
        ref={selectRef}
        className="wf-input"
        aria-label="Day"
        value={value.day}
        onChange={(e) => set({ day: e.target.value })}
        {...marking}
      >
        <option value="">Day</option>
        {Array.from({ length: days }, (_, i) => (
          <option key={i} value={String(i + 1)}>
            {i + 1}
          </option>
        ))}
      </select>
      <select
        className="wf-input"
        aria-label="Month"
        value={value.month}
        onChange={(e) => set({ month: e.target.value })}
        {...marking}
      >
        <option value="">Month</option>
        {MONTHS.map((m, i) => (
          <option key={m} value={String(i + 1)}>
            {m}
          </option>
        ))}
      </select>
      <select
        className="wf-input"
        aria-label="Year"
        value={value.year}
        onChange={(e) => set({ year: e.target.value })}
        {...marking}
      >
        <option value="">Year</option>
        {birthYears().map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
