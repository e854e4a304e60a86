import type { FactSource } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';

/** The sources of a guide station's facts, as small links under its transcript. */
export function StationSources({ sources }: { sources: FactSource[] | undefined }) {
  const { t } = useTranslation(EXPLORE_NS);
  if (!sources?.length) return null;
  return (
    <p className="explore-player__sources wf-muted" data-testid="station-sources">
      {t('facts.sources')}{' '}
      {sources.map((s, i) => (
        <span key={s.url}>
          {i > 0 && ', '}
          <a href={s.url} target="_blank" rel="noopener noreferrer">
            {s.title}
          </a>{' '}
          <small>({s.licence.name})</small>
        </span>
      ))}
    </p>
  );
}
