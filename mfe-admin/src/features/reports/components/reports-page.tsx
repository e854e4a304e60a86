import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { useReports } from '../api/reports-queries';
import { ReportCard } from './report-card';
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
