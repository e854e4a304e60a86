import { useId, useState } from 'react';
import { Link } from '@wayfarer/router';
import { resolveApiBase } from '@wayfarer/api-client';
import { REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS } from '@wayfarer/contracts/browser';
import type { AdminStationReport } from '@wayfarer/contracts';
import { ErrorBox } from '@wayfarer/ui';
import { fmtDate } from '../../../components/panel';
import { absoluteApiUrl, describeError } from '../../../lib/admin-request';
import { useReportAction, type ReportAction } from '../api/reports-queries';
import { ReportActions } from './report-actions';
import { ReportFixForm } from './report-fix-form';

/** One report: the sight and station, the listener's note, the station's text and audio, and the actions. */
export function ReportCard({
  report: r,
  onDone,
}: {
  report: AdminStationReport;
  onDone: (message: string) => void;
}) {
  const headingId = useId();
  const act = useReportAction();
  const [editing, setEditing] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const open = r.status === 'open';

  const run = async (action: ReportAction) => {
    setErr(null);
    try {
      const res = await act.mutateAsync({ id: r.id, action });
      setEditing(false);
      onDone(`${res.message}: station ${r.station.station_number} of the ${r.sight.name} guide.`);
    } catch (e) {
      setErr(describeError(e, 'Could not resolve the report'));
    }
  };
  return (
    <article
      className="wf-card admin-panel admin-report"
      aria-labelledby={headingId}
      data-testid="admin-report"
    >
      <div className="admin-panel__head">
        <h2 id={headingId}>
          <Link to={`/explore/${encodeURIComponent(r.sight.id)}`}>{r.sight.name}</Link>, station{' '}
          {r.station.station_number}: {r.station.title}
        </h2>
        <span className={`wf-badge${open ? '' : ' wf-badge--muted'}`} data-testid="report-status">
          {open
            ? REPORT_REASON_LABELS[r.reason]
            : `${REPORT_REASON_LABELS[r.reason]} · ${r.outcome ? REPORT_OUTCOME_LABELS[r.outcome] : ''}`}
        </span>
      </div>
      <p className="wf-muted">
        Reported by {r.reporter.display_name ?? 'a listener'} on {fmtDate(r.created_at)}
        {r.resolved_at ? `; resolved on ${fmtDate(r.resolved_at)}` : ''}
        {r.station.hidden ? ' · station hidden' : ''}
        {r.station.renarrating ? ' · being narrated again…' : ''}
      </p>
      {r.note ? (
        <blockquote className="admin-report__note" data-testid="report-note">
          {r.note}
        </blockquote>
      ) : null}
      {editing ? (
        <ReportFixForm
          station={r.station}
          busy={act.isPending}
          onSave={(input) => void run({ kind: 'fix', input })}
          onCancel={() => setEditing(false)}
          onInvalid={setErr}
        />
      ) : (
        <p className="admin-report__text" data-testid="report-station-text">
          {r.station.text}
        </p>
      )}
      {r.station.audio_url ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- audio only: the station's text shown above is its transcript
        <audio
          controls
          preload="none"
          src={absoluteApiUrl(r.station.audio_url, resolveApiBase())}
          aria-label={`Narration of station ${r.station.station_number}`}
        />
      ) : (
        <p className="wf-muted">
          {r.station.hidden
            ? 'The station is hidden: its audio is not served.'
            : 'No audio (being narrated again).'}
        </p>
      )}
      {err ? <ErrorBox>{err}</ErrorBox> : null}
      {open && !editing ? (
        <ReportActions
          busy={act.isPending}
          onFix={() => setEditing(true)}
          onAction={(kind) => void run({ kind })}
        />
      ) : null}
    </article>
  );
}
