import { useId, type Ref } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
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
export const GENDERS = [
  ['female', 'Female'],
  ['male', 'Male'],
  ['non-binary', 'Non-binary'],
  ['prefer-not', 'Prefer not to say'],
] as const;

export function genderLabel(value: string | null | undefined): string {
  return GENDERS.find(([v]) => v === value)?.[1] ?? '';
}

/** `aria-invalid` / `aria-describedby` of a control whose field the shown message is about. */
type Marking = { 'aria-invalid'?: true; 'aria-describedby'?: string };

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

interface GenderProps {
  value: string;
  onChange: (g: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
  marking?: Marking;
}

export function GenderSelect({ value, onChange, selectRef, marking }: GenderProps) {
  const id = useId();
  return (
    <label className="wf-label" htmlFor={id}>
      Gender
      <select
        ref={selectRef}
        id={id}
        className="wf-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...marking}
      >
        <option value="">Select…</option>
        {GENDERS.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The birthday and gender controls of a profile form (its react-hook-form context), marked when the message is about them. */
export function BirthdayGenderFields({ aria }: { aria: (name: string) => Marking }) {
  const { control } = useFormContext<{ birthday: Birthday; gender: string }>();
  return (
    <>
      <Controller
        control={control}
        name="birthday"
        render={({ field }) => (
          <BirthdaySelect
            value={field.value}
            onChange={field.onChange}
            selectRef={field.ref}
            marking={aria('birthday')}
          />
        )}
      />
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <GenderSelect
            value={field.value}
            onChange={field.onChange}
            selectRef={field.ref}
            marking={aria('gender')}
          />
        )}
      />
    </>
  );
}
