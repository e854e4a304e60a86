import { useId, useState } from 'react';
import { Link } from '@wayfarer/router';
import { resolveApiBase } from '@wayfarer/api-client';
import type { AdminStationReport } from '@wayfarer/contracts';
import { ErrorBox } from '@wayfarer/ui';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { useErrorText } from '../../../lib/use-error-text';
import { absoluteApiUrl, describeError } from '../../../lib/admin-request';
import { useReportAction, type ReportAction } from '../api/reports-queries';
import { ReportActions } from './report-actions';
import { ReportFixForm } from './report-fix-form';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { ADMIN_NS } from '../../../i18n';

/** One report: the sight and station, the listener's note, the station's text and audio, and the actions. */
export function ReportCard({
  report: r,
  onDone,
}: {
  report: AdminStationReport;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const { when } = useAdminFormat();
  const headingId = useId();
  const act = useReportAction();
  const [editing, setEditing] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const open = r.status === 'open';
  const reason = t(`reports.reason.${r.reason}`);

  const run = async (action: ReportAction) => {
    setErr(null);
    try {
      const res = await act.mutateAsync({ id: r.id, action });
      setEditing(false);
      onDone(t('reports.done', { message: res.message, n: r.station.station_number, sight: r.sight.name }));
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
          <Trans
            t={t}
            i18nKey="reports.heading"
            values={{ sight: r.sight.name, n: r.station.station_number, title: r.station.title }}
            components={{ 1: <Link to={`/explore/${encodeURIComponent(r.sight.id)}`} /> }}
          />
        </h2>
        <span className={`wf-badge${open ? '' : ' wf-badge--muted'}`} data-testid="report-status">
          {open ? reason : `${reason} · ${r.outcome ? t(`reports.outcome.${r.outcome}`) : ''}`}
        </span>
      </div>
      <p className="wf-muted">
        {t('reports.reportedBy', {
          name: r.reporter.display_name ?? t('reports.aListener'),
          date: when(r.created_at),
        })}
        {r.resolved_at ? t('reports.resolvedOn', { date: when(r.resolved_at) }) : ''}
        {r.station.hidden ? t('reports.stationHidden') : ''}
        {r.station.renarrating ? t('reports.renarrating') : ''}
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
          aria-label={t('reports.narration', { n: r.station.station_number })}
        />
      ) : (
        <p className="wf-muted">{t(r.station.hidden ? 'reports.hiddenNoAudio' : 'reports.noAudio')}</p>
      )}
      {err ? <ErrorBox>{errorText(err)}</ErrorBox> : null}
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
