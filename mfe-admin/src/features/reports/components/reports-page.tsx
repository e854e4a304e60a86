import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { useReports } from '../api/reports-queries';
import { ReportCard } from './report-card';
import { useChoices } from '../../dashboard';
import './reports.css';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

const STATUSES = [
  { value: 'open', label: 'reports.open' },
  { value: 'resolved', label: 'reports.resolved' },
] as const;

/**
 * Reports: what listeners reported on their guides' stations, with the station's text and its
 * audio, and the actions that resolve a report: fix the text (the station is narrated again), regenerate (narrated
 * again), hide the station from listeners, or dismiss.
 */
export function ReportsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  usePageMeta({ title: t('reports.title'), noindex: true });
  const statuses = useChoices(STATUSES);
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data, loading, error, reload } = useReports(status);
  const [notice, setNotice] = useState<string | null>(null);
  const items = data?.items ?? [];
  return (
    <>
      <header className="admin-head">
        <h1>{t('reports.title')}</h1>
        <div className="admin-toolbar">
          <Segmented
            label={t('reports.statusLabel')}
            value={status}
            options={statuses}
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
          <strong>{errorText('Failed to load reports')}</strong>
          {error !== 'Failed to load reports' ? <div>{errorText(error)}</div> : null}
          <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={reload}>
            {t('common.tryAgain')}
          </button>
        </ErrorBox>
      ) : loading && !data ? (
        <Loading message={t('reports.loading')} />
      ) : items.length === 0 ? (
        <EmptyState level={2} title={t(status === 'open' ? 'reports.noneOpen' : 'reports.noneResolved')} />
      ) : (
        <ul
          className="admin-reports"
          aria-label={t(status === 'open' ? 'reports.openList' : 'reports.resolvedList')}
        >
          {items.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} onDone={setNotice} />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > items.length ? (
        <p className="wf-muted">{t('common.showingOf', { shown: items.length, total: data.total })}</p>
      ) : null}
    </>
  );
}
