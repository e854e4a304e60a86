import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState, ErrorBox, Loading } from '@wayfarer/ui';
import type { ListeningResponse } from '@wayfarer/contracts';
import { Segmented, fmtNumber } from '../../../components/panel';
import { useListening } from '../api/listening-queries';
import { listeningChartRows, listeningCsv } from '../utils/listening-csv';

const DAYS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '365', label: '12 months' },
] as const;
type Days = (typeof DAYS)[number]['value'];

const axis = { stroke: 'var(--text-muted)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--bg-elev)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
};
const pct = (f: number | null) => (f == null ? '–' : `${Math.round(f * 100)}%`);

/** Plays started, completed and skipped of the most played guides (recharts, like the dashboard's charts). */
export function ListeningChart({ data }: { data: ListeningResponse['guides'] }) {
  const rows = useMemo(() => listeningChartRows(data), [data]);
  return (
    <div
      className="admin-chart"
      role="img"
      aria-label="Listening chart: plays started, completed and skipped per guide"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={axis} />
          <YAxis tick={axis} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Bar dataKey="started" name="Started" fill="var(--accent)" />
          <Bar dataKey="completed" name="Completed" fill="var(--success)" />
          <Bar dataKey="skipped" name="Skipped" fill="var(--warning)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Listening analytics (issue #18 point 6) on the admin's Analytics page: per guide and per station, plays started,
 * completed, skipped and the mean fraction heard; a chart and a CSV export (a download link of the per-station
 * rows). Admins only: guides are made by each listener for themselves, so there is no separate guide creator.
 */
export function ListeningPanel() {
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
        <h2 id="an-listening">Listening</h2>
        <div className="admin-toolbar">
          <Segmented label="Listening period" value={days} options={DAYS} onChange={setDays} />
          {csvHref && stations.length ? (
            <a
              className="wf-btn wf-btn--sm wf-btn--ghost"
              href={csvHref}
              download={`wayfarer-listening-${days}d.csv`}
            >
              Export CSV
            </a>
          ) : null}
        </div>
      </div>
      {q.error ? (
        <ErrorBox>
          <strong>Failed to load listening data</strong>
          {q.error !== 'Failed to load listening data' ? <div>{q.error}</div> : null}
        </ErrorBox>
      ) : q.loading && !q.data ? (
        <Loading message="Loading listening…" />
      ) : !guides.length ? (
        <EmptyState title="No guide was played in this period" />
      ) : (
        <>
          <ListeningChart data={guides} />
          <div className="admin-table-wrap">
            <table className="admin-table" aria-label="Listening per guide and station">
              <thead>
                <tr>
                  <th scope="col">Guide / station</th>
                  <th scope="col">Started</th>
                  <th scope="col">Completed</th>
                  <th scope="col">Skipped</th>
                  <th scope="col">Avg. listened</th>
                </tr>
              </thead>
              <tbody>
                {guides.map((g) => [
                  <tr key={g.guide_id} className="admin-listening__guide">
                    <th scope="row">
                      {g.sight_name} <span className="wf-muted">· guide {g.guide_id.slice(0, 8)}</span>
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
                        <td style={{ paddingLeft: '1.5rem' }}>
                          {s.station_number}. {s.title}
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
