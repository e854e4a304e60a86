import { useId, useState, type FormEvent } from 'react';
import { Link } from '@wayfarer/router';
import { resolveApiBase } from '@wayfarer/api-client';
import { REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS } from '@wayfarer/contracts/browser';
import type { AdminStationReport } from '@wayfarer/contracts';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented, fmtDate } from '../../../components/panel';
import { absoluteApiUrl, describeError } from '../../../lib/admin-request';
import { useReportAction, useReports, type ReportAction } from '../api/reports-queries';
import './reports.css';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;

/**
 * Reports (issue #18 point 5): what listeners reported on their guides' stations, with the station's text and its
 * audio, and the actions that resolve a report: fix the text (the station is narrated again), regenerate (narrated
 * again), hide the station from listeners, or dismiss.
 */
export function ReportsPage() {
  usePageMeta({ title: 'Reports', noindex: true });
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data, loading, error, reload } = useReports(status);
  const [notice, setNotice] = useState<string | null>(null);
  const items = data?.items ?? [];
  return (
    <>
      <header className="admin-head">
        <h1>Reports</h1>
        <div className="admin-toolbar">
          <Segmented
            label="Report status"
            value={status}
            options={STATUSES}
            onChange={(v) => {
              setStatus(v);
              setNotice(null);
            }}
          />
        </div>
      </header>
      {notice ? <InfoBox>{notice}</InfoBox> : null}
      {error ? (
        <ErrorBox>
          <strong>Failed to load reports</strong>
          {error !== 'Failed to load reports' ? <div>{error}</div> : null}
          <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={reload}>
            Try again
          </button>
        </ErrorBox>
      ) : loading && !data ? (
        <Loading message="Loading reports…" />
      ) : items.length === 0 ? (
        <EmptyState level={2} title={status === 'open' ? 'No open reports' : 'No resolved reports yet'} />
      ) : (
        <ul className="admin-reports" aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}>
          {items.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} onDone={setNotice} />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > items.length ? (
        <p className="wf-muted">
          Showing {items.length} of {data.total}.
        </p>
      ) : null}
    </>
  );
}

export function ReportCard({
  report: r,
  onDone,
}: {
  report: AdminStationReport;
  onDone: (message: string) => void;
}) {
  const headingId = useId();
  const titleId = useId();
  const textId = useId();
  const act = useReportAction();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(r.station.title);
  const [text, setText] = useState(r.station.text);
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
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setErr('Please enter the station text.');
      return;
    }
    void run({ kind: 'fix', input: { title: title.trim() || undefined, text } });
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
        <form onSubmit={save} className="admin-form" aria-label="Fix the station text">
          <label htmlFor={titleId}>Title</label>
          <input
            id={titleId}
            className="wf-input"
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
          <label htmlFor={textId}>Station text</label>
          <textarea
            id={textId}
            className="wf-input"
            rows={6}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="admin-toolbar">
            <button type="submit" className="wf-btn wf-btn--primary wf-btn--sm" disabled={act.isPending}>
              {act.isPending ? 'Saving…' : 'Save and narrate again'}
            </button>
            <button
              type="button"
              className="wf-btn wf-btn--ghost wf-btn--sm"
              onClick={() => {
                setEditing(false);
                setTitle(r.station.title);
                setText(r.station.text);
              }}
              disabled={act.isPending}
            >
              Cancel
            </button>
          </div>
        </form>
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
        <div className="admin-toolbar" role="group" aria-label="Resolve the report">
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            onClick={() => setEditing(true)}
            disabled={act.isPending}
          >
            Fix text
          </button>
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            onClick={() => void run({ kind: 'regenerate' })}
            disabled={act.isPending}
          >
            Regenerate
          </button>
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--danger"
            onClick={() => void run({ kind: 'hide' })}
            disabled={act.isPending}
          >
            Hide station
          </button>
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => void run({ kind: 'dismiss' })}
            disabled={act.isPending}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </article>
  );
}
