import { GUIDE_LANGUAGES } from '@wayfarer/contracts/browser';
import type { Guide, GuideLanguage } from '@wayfarer/contracts';
import { useFormat, useTranslation, type TFunction } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

/** A guide language's name in the page's language, as a list shows it ('French', 'Français'); an unknown code as it is. */
const languageName = (t: TFunction, code: string) => t(`languages.${code}`, { defaultValue: code });

/** A language's name as a sentence uses it ('en français', 'in French'), from the browser's Intl. */
function languageInText(t: TFunction, locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? languageName(t, code);
  } catch {
    return languageName(t, code);
  }
}

/** The guide's language, chosen before generating; it also picks which of the sight's guides plays. */
export function GuideLanguageSelect({
  value,
  onChange,
  disabled,
}: {
  value: GuideLanguage;
  onChange: (l: GuideLanguage) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <label className="explore-generate__voice">
      <span>{t('guide.language')}</span>{' '}
      <select
        className="wf-input"
        value={value}
        onChange={(e) => onChange(e.target.value as GuideLanguage)}
        disabled={disabled}
        data-testid="guide-language"
      >
        {GUIDE_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {languageName(t, l)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The languages the sight has guides in, each a button that plays that guide. */
export function GuideLanguages({
  languages,
  current,
  onPick,
}: {
  languages: readonly GuideLanguage[];
  current: GuideLanguage;
  onPick: (l: GuideLanguage) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  if (!languages.length) return null;
  return (
    <p className="wf-muted explore-generate__languages" data-testid="guide-languages">
      {t('guide.languagesIn')}{' '}
      {languages.map((l, i) => (
        <span key={l}>
          {i > 0 && ', '}
          <button
            type="button"
            className="wf-btn wf-btn--ghost wf-btn--sm"
            aria-pressed={l === current}
            onClick={() => onPick(l)}
          >
            {languageName(t, l)}
          </button>
        </span>
      ))}
    </p>
  );
}

/** Said when a guide was written from the English facts because the sources had none in its language. */
export function FactsLanguageNote({ guide }: { guide: Pick<Guide, 'language' | 'facts_language'> | null }) {
  const { t } = useTranslation(EXPLORE_NS);
  const { locale } = useFormat();
  if (!guide?.facts_language || guide.facts_language === guide.language) return null;
  return (
    <p className="wf-muted" data-testid="guide-facts-note">
      {t('guide.factsNote', {
        language: languageInText(t, locale, guide.language),
        facts: languageInText(t, locale, guide.facts_language),
      })}
    </p>
  );
}
