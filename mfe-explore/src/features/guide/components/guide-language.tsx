import { GUIDE_LANGUAGES, GUIDE_LANGUAGE_NAMES } from '@wayfarer/contracts/browser';
import type { Guide, GuideLanguage } from '@wayfarer/contracts';

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
  return (
    <label className="explore-generate__voice">
      <span>Language</span>{' '}
      <select
        className="wf-input"
        value={value}
        onChange={(e) => onChange(e.target.value as GuideLanguage)}
        disabled={disabled}
        data-testid="guide-language"
      >
        {GUIDE_LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {GUIDE_LANGUAGE_NAMES[l]}
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
  if (!languages.length) return null;
  return (
    <p className="wf-muted explore-generate__languages" data-testid="guide-languages">
      Guides of this place in:{' '}
      {languages.map((l, i) => (
        <span key={l}>
          {i > 0 && ', '}
          <button
            type="button"
            className="wf-btn wf-btn--ghost wf-btn--sm"
            aria-pressed={l === current}
            onClick={() => onPick(l)}
            lang={l}
          >
            {GUIDE_LANGUAGE_NAMES[l]}
          </button>
        </span>
      ))}
    </p>
  );
}

/** Said when a guide was written from the English facts because the sources had none in its language. */
export function FactsLanguageNote({ guide }: { guide: Pick<Guide, 'language' | 'facts_language'> | null }) {
  if (!guide?.facts_language || guide.facts_language === guide.language) return null;
  const lang = GUIDE_LANGUAGE_NAMES[guide.language as GuideLanguage] ?? guide.language;
  const facts = GUIDE_LANGUAGE_NAMES[guide.facts_language as GuideLanguage] ?? guide.facts_language;
  return (
    <p className="wf-muted" data-testid="guide-facts-note">
      No encyclopaedia entry in {lang} was found for this place: this guide is written from the {facts} one.
    </p>
  );
}
