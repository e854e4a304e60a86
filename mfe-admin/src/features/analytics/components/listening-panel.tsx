import { useMemo, useState } from 'react';
import { EmptyState, ErrorBox, Loading } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { useErrorText } from '../../../lib/use-error-text';
import { Segmented } from '../../../components/panel';
import { useChoices } from '../../dashboard';
import { useListening } from '../api/listening-queries';
import { listeningCsv } from '../utils/listening-csv';
import { ListeningChart } from './listening-chart';

const DAYS = [
  { value: '7', label: 'analytics.listening.days7' },
  { value: '30', label: 'analytics.listening.days30' },
  { value: '365', label: 'analytics.listening.months12' },
] as const;
type Days = (typeof DAYS)[number]['value'];

/**
 * Listening analytics on the admin's Analytics page: per guide and per station, plays started,
 * completed, skipped and the mean fraction heard; a chart and a CSV export (a download link of the per-station
 * rows). Admins only: guides are made by each listener for themselves, so there is no separate guide creator.
 */
export function ListeningPanel() {
  const { t } = useTranslation(ADMIN_NS);
  const { num: fmtNumber, pct: percent } = useAdminFormat();
  const errorText = useErrorText();
  const choices = useChoices(DAYS);
  const pct = (f: number | null) => (f == null ? '–' : percent(f));
  const [days, setDays] = useState<Days>('30');
  const q = useListening(Number(days));
  const guides = q.data?.guides ?? [];
  const stations = q.data?.stations ?? [];
  const csvHref = useMemo(
    () =>
      q.data
        ? `data:text/csv;charset=utf-8,${encodeURIComponent(listeningCsv(q.data.guides, q.data.stations))}`
        : null,
    [q.data],
  );
  return (
    <section
      className="wf-card admin-panel"
      style={{ marginTop: '1rem' }}
      aria-labelledby="an-listening"
      data-testid="listening-panel"
    >
      <div className="admin-panel__head">
        <h2 id="an-listening">{t('analytics.listening.title')}</h2>
        <div className="admin-toolbar">
          <Segmented
            label={t('analytics.listening.period')}
            value={days}
            options={choices}
            onChange={setDays}
          />
          {csvHref && stations.length ? (
            <a
              className="wf-btn wf-btn--sm wf-btn--ghost"
              href={csvHref}
              download={`wayfarer-listening-${days}d.csv`}
            >
              {t('common.exportCsv')}
            </a>
          ) : null}
        </div>
      </div>
      {q.error ? (
        <ErrorBox>
          <strong>{errorText('Failed to load listening data')}</strong>
          {q.error !== 'Failed to load listening data' ? <div>{errorText(q.error)}</div> : null}
        </ErrorBox>
      ) : q.loading && !q.data ? (
        <Loading message={t('analytics.listening.loading')} />
      ) : !guides.length ? (
        <EmptyState title={t('analytics.listening.none')} />
      ) : (
        <>
          <ListeningChart data={guides} />
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label={t('analytics.listening.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('analytics.listening.guideStation')}</th>
                  <th scope="col">{t('charts.started')}</th>
                  <th scope="col">{t('charts.completed')}</th>
                  <th scope="col">{t('charts.skipped')}</th>
                  <th scope="col">{t('analytics.listening.avgListened')}</th>
                </tr>
              </thead>
              <tbody>
                {guides.map((g) => [
                  <tr key={g.guide_id} className="admin-listening__guide">
                    <th scope="row">
                      {g.sight_name}{' '}
                      <span className="wf-muted">
                        · {t('analytics.listening.guide', { id: g.guide_id.slice(0, 8) })}
                      </span>
                    </th>
                    <td>{fmtNumber(g.plays_started)}</td>
                    <td>{fmtNumber(g.plays_completed)}</td>
                    <td>{fmtNumber(g.plays_skipped)}</td>
                    <td>{pct(g.avg_listened_fraction)}</td>
                  </tr>,
                  ...stations
                    .filter((s) => s.guide_id === g.guide_id)
                    .map((s) => (
                      <tr key={s.station_id}>
                        <td style={{ paddingInlineStart: '1.5rem' }}>
                          {fmtNumber(s.station_number)}. {s.title}
                        </td>
                        <td>{fmtNumber(s.plays_started)}</td>
                        <td>{fmtNumber(s.plays_completed)}</td>
                        <td>{fmtNumber(s.plays_skipped)}</td>
                        <td>{pct(s.avg_listened_fraction)}</td>
                      </tr>
                    )),
                ])}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
