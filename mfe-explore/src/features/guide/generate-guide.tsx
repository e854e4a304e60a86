import { useState } from 'react';
import type { GuideVoice } from '@wayfarer/contracts';
import { ProgressBar } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import type { PlayableStation } from './transcript';
import { useGuideGeneration } from './hooks/use-guide-generation';
import { guideProgress } from './utils/guide-progress';
import { LimitNotice, UsageLine } from './components/usage-line';
import { FactsLanguageNote, GuideLanguages, GuideLanguageSelect } from './components/guide-language';
import { useGuideLanguage } from './hooks/use-guide-language';
import './guide.css';

export { GUIDE_POLL_MS } from './api/guide-queries';
export { guideProgress } from './utils/guide-progress';

/**
 * 'Generate guide' (signed in): the language and the voice, the sight's guides in other languages, the progress of the guide being made, the month's usage, and the plan's
 * monthly limit explained with a link to /pricing.
 */
export function GenerateGuide({
  sightId,
  onStations,
}: {
  sightId: string;
  onStations: (s: PlayableStation[]) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const [voice, setVoice] = useState<GuideVoice>('female');
  // Shared with the sight's offline pack, which downloads the guide in the language chosen here.
  const [language, setLanguage] = useGuideLanguage(sightId);
  const g = useGuideGeneration(sightId, language, onStations);
  const exhausted = g.limitHit || (g.usage != null && g.usage.remaining === 0);
  const progress = guideProgress(g.guide, g.elapsed, t);
  return (
    <div className="explore-generate">
      <div className="explore-generate__row">
        <button
          type="button"
          className="wf-btn wf-btn--primary"
          onClick={() => g.run(voice)}
          disabled={g.busy || exhausted}
          aria-busy={g.busy}
        >
          {g.busy ? t('guide.generating') : t('guide.generate')}
        </button>
        <label className="explore-generate__voice">
          <span>{t('guide.voice')}</span>{' '}
          <select
            className="wf-input"
            value={voice}
            onChange={(e) => setVoice(e.target.value as GuideVoice)}
            disabled={g.busy}
          >
            <option value="female">{t('guide.female')}</option>
            <option value="male">{t('guide.male')}</option>
          </select>
        </label>
        <GuideLanguageSelect value={language} onChange={setLanguage} disabled={g.busy} />
      </div>
      <GuideLanguages languages={g.languages} current={language} onPick={setLanguage} />
      <FactsLanguageNote guide={g.shown} />
      {g.busy && (
        <div className="explore-generate__progress" data-testid="guide-progress">
          <ProgressBar {...progress} />
          <p className="wf-muted" aria-live="polite">
            {progress.label}
          </p>
        </div>
      )}
      {g.usage && !exhausted && <UsageLine usage={g.usage} />}
      {exhausted && <LimitNotice usage={g.usage} />}
      {g.error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {g.error}
        </div>
      )}
    </div>
  );
}
