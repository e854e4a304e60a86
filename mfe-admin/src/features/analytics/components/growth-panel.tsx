import { useState } from 'react';
import { EmptyState, ErrorBox, Loading } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { PERIODS, UserGrowthChart, useUserGrowth, type GrowthPeriod } from '../../dashboard';
import { downloadText, toCsv } from '../utils/to-csv';

/** User growth by day, week or month, with its chart and a CSV export of the same series. */
export function GrowthPanel() {
  const [period, setPeriod] = useState<GrowthPeriod>('day');
  const growth = useUserGrowth(period);
  return (
    <section className="wf-card admin-panel" style={{ marginTop: '1rem' }} aria-labelledby="an-growth">
      <div className="admin-panel__head">
        <h2 id="an-growth">User growth</h2>
        <div className="admin-toolbar">
          <Segmented label="Growth period" value={period} options={PERIODS} onChange={setPeriod} />
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            disabled={!growth.data?.length}
            onClick={() =>
              downloadText(
                `wayfarer-user-growth-${period}.csv`,
                toCsv(
                  ['period', 'new_users', 'total_users', 'growth_rate'],
                  (growth.data ?? []).map((g) => [g.period, g.newUsers, g.totalUsers, g.growthRate]),
                ),
              )
            }
          >
            Export CSV
          </button>
        </div>
      </div>
      {growth.error ? (
        <ErrorBox>
          <strong>Failed to load analytics data</strong>
          <div>{growth.error}</div>
        </ErrorBox>
      ) : growth.loading ? (
        <Loading message="Loading user growth…" />
      ) : growth.data?.length ? (
        <UserGrowthChart data={growth.data} />
      ) : (
        <EmptyState title="No sign-ups in this period" />
      )}
    </section>
  );
}
