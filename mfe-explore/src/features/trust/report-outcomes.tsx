import { REPORT_OUTCOME_LABELS } from '@wayfarer/contracts/browser';
import { useCurrentUser } from '@wayfarer/session';
import { useMySightReports } from './api/trust-queries';
import './trust.css';

/**
 * What became of the signed-in listener's reports on this sight's guide stations (issue #18 point 5), e.g.
 * "Your report on station 2: fixed". Nothing when they filed none.
 */
export function ReportOutcomes({ sightId }: { sightId: string }) {
  const me = useCurrentUser();
  const { data } = useMySightReports(sightId, Boolean(me));
  if (!me || !data?.length) return null;
  return (
    <ul className="explore-report-outcomes" aria-label="Your reports" data-testid="report-outcomes">
      {data.map((r) => (
        <li key={r.id} data-testid="report-outcome">
          Your report on station {r.station_number}:{' '}
          {r.outcome ? REPORT_OUTCOME_LABELS[r.outcome] : 'open, an admin will look at it'}
          <span className="wf-muted"> ({r.station_title})</span>
        </li>
      ))}
    </ul>
  );
}
