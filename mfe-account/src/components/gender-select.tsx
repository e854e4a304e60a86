import { useId, type Ref } from 'react';
import type { Marking } from './birthday-select';

export const GENDERS = [
  ['female', 'Female'],
  ['male', 'Male'],
  ['non-binary', 'Non-binary'],
  ['prefer-not', 'Prefer not to say'],
] as const;

export function genderLabel(value: string | null | undefined): string {
  return GENDERS.find(([v]) => v === value)?.[1] ?? '';
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
