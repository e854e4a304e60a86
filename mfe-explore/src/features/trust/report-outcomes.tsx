import { useCurrentUser } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { useMySightReports } from './api/trust-queries';
import './trust.css';

/**
 * What became of the signed-in listener's reports on this sight's guide stations, e.g.
 * "Your report on station 2: fixed". Nothing when they filed none.
 */
export function ReportOutcomes({ sightId }: { sightId: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const me = useCurrentUser();
  const { data } = useMySightReports(sightId, Boolean(me));
  if (!me || !data?.length) return null;
  return (
    <ul className="explore-report-outcomes" aria-label={t('trust.yourReports')} data-testid="report-outcomes">
      {data.map((r) => (
        <li key={r.id} data-testid="report-outcome">
          {t('trust.outcome', {
            n: r.station_number,
            outcome: t(`trust.outcomes.${r.outcome ?? 'open'}`),
          })}
          <span className="wf-muted"> ({r.station_title})</span>
        </li>
      ))}
    </ul>
  );
}
