import { useId } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@wayfarer/contracts/browser';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from './common';
import { chooseLanguage } from './instance';
import { PSEUDO } from './pseudo';

/**
 * The language switcher (navbar, account page): each language under its own name. `showLabel` shows the
 * 'Language' label; otherwise it is the select's accessible name only.
 */
export function LanguageSelect({
  className,
  showLabel = false,
  compact = false,
}: {
  className?: string;
  showLabel?: boolean;
  /** The navbar's size (as its theme switcher). */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation(COMMON_NS);
  const id = useId();
  const value = i18n.resolvedLanguage ?? i18n.language;
  return (
    <span className={className}>
      <label htmlFor={id} className={showLabel ? undefined : 'wf-visually-hidden'}>
        {t('language')}
      </label>{' '}
      <select
        id={id}
        data-testid="language-select"
        className="wf-select"
        style={compact ? { width: 'auto', padding: '0.35rem 0.5rem' } : undefined}
        value={value}
        title={t('choose_language')}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void chooseLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
        {value === PSEUDO ? <option value={PSEUDO}>Pseudo</option> : null}
      </select>
    </span>
  );
}
