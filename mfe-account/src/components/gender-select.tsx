import { useId, type Ref } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../i18n';
import type { Marking } from './birthday-select';

/** The stored values and their labels' catalog keys. */
export const GENDERS = [
  ['female', 'gender.female'],
  ['male', 'gender.male'],
  ['non-binary', 'gender.nonBinary'],
  ['prefer-not', 'gender.preferNot'],
] as const;

/** The catalog key of a stored gender's label, or null. */
export function genderKey(value: string | null | undefined): string | null {
  return GENDERS.find(([v]) => v === value)?.[1] ?? null;
}

interface GenderProps {
  value: string;
  onChange: (g: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
  marking?: Marking;
}

export function GenderSelect({ value, onChange, selectRef, marking }: GenderProps) {
  const id = useId();
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <label className="wf-label" htmlFor={id}>
      {t('gender.label')}
      <select
        ref={selectRef}
        id={id}
        className="wf-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...marking}
      >
        <option value="">{t('gender.select')}</option>
        {GENDERS.map(([v, l]) => (
          <option key={v} value={v}>
            {t(l)}
          </option>
        ))}
      </select>
    </label>
  );
}
