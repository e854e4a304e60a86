import { useState } from 'react';
import { EmptyState, ErrorBox, Loading } from '@wayfarer/ui';
import { Segmented } from '../../../components/panel';
import { PERIODS, UserGrowthChart, useChoices, useUserGrowth, type GrowthPeriod } from '../../dashboard';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';
import { downloadText, toCsv } from '../utils/to-csv';

/** User growth by day, week or month, with its chart and a CSV export of the same series. */
export function GrowthPanel() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const periods = useChoices(PERIODS);
  const [period, setPeriod] = useState<GrowthPeriod>('day');
  const growth = useUserGrowth(period);
  return (
    <section className="wf-card admin-panel" style={{ marginTop: '1rem' }} aria-labelledby="an-growth">
      <div className="admin-panel__head">
        <h2 id="an-growth">{t('dashboard.userGrowth')}</h2>
        <div className="admin-toolbar">
          <Segmented label={t('common.growthPeriod')} value={period} options={periods} onChange={setPeriod} />
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
            {t('common.exportCsv')}
          </button>
        </div>
      </div>
      {growth.error ? (
        <ErrorBox>
          <strong>{errorText('Failed to load analytics data')}</strong>
          {growth.error !== 'Failed to load analytics data' ? <div>{errorText(growth.error)}</div> : null}
        </ErrorBox>
      ) : growth.loading ? (
        <Loading message={t('analytics.loadingGrowth')} />
      ) : growth.data?.length ? (
        <UserGrowthChart data={growth.data} />
      ) : (
        <EmptyState title={t('dashboard.noSignUps')} />
      )}
    </section>
  );
}
