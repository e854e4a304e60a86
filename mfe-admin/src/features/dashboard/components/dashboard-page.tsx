import { useState } from 'react';
import { EmptyState, usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { Panel, Segmented } from '../../../components/panel';
import { useAnalytics, useDashboardStats, useOnlineUsers, useUserGrowth } from '../api/dashboard-queries';
import type { GrowthPeriod, TimeRange } from '../types';
import { useChoices } from '../hooks/use-choices';
import { PERIODS, RANGES } from '../utils/choices';
import { FinancialChart, ShopChart, UserGrowthChart, topItems } from './charts';
import { OnlineUsersPanel } from './online-users-panel';
import { StatsPanel } from './stats-panel';

export function DashboardPage() {
  const { t } = useTranslation(ADMIN_NS);
  const f = useAdminFormat();
  usePageMeta({ title: t('dashboard.metaTitle'), noindex: true });
  const periods = useChoices(PERIODS);
  const ranges = useChoices(RANGES);
  const stats = useDashboardStats();
  const online = useOnlineUsers();
  const [period, setPeriod] = useState<GrowthPeriod>('day');
  const growth = useUserGrowth(period);
  const [range, setRange] = useState<TimeRange>('daily');
  const analytics = useAnalytics(range);

  return (
    <>
      <header className="admin-head">
        <h1>{t('dashboard.title')}</h1>
        <div className="admin-toolbar">
          {stats.fetchedAt ? (
            <span className="wf-muted">
              {t('dashboard.statsAsOf', { time: f.date(stats.fetchedAt, { timeStyle: 'medium' }) })}
            </span>
          ) : null}
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            onClick={stats.refresh}
            disabled={stats.loading}
          >
            {t('dashboard.refresh')}
          </button>
        </div>
      </header>

      <StatsPanel stats={stats} />

      <div className="admin-panels">
        <OnlineUsersPanel online={online} />

        <Panel
          title={t('dashboard.userGrowth')}
          headingId="admin-growth-h"
          loading={growth.loading}
          error={growth.error}
          errorTitle="Failed to load analytics data"
          onRetry={() => void growth.reload()}
          actions={
            <Segmented
              label={t('common.growthPeriod')}
              value={period}
              options={periods}
              onChange={setPeriod}
            />
          }
          testId="user-growth"
        >
          {growth.data && growth.data.length ? (
            <UserGrowthChart data={growth.data} />
          ) : (
            <EmptyState title={t('dashboard.noSignUps')} />
          )}
        </Panel>
      </div>

      <div className="admin-panel__head" style={{ marginTop: '1.25rem' }}>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{t('dashboard.revenueAndShop')}</h2>
        <Segmented label={t('common.timeRange')} value={range} options={ranges} onChange={setRange} />
      </div>
      <div className="admin-panels" style={{ marginTop: 0 }}>
        <Panel
          title={t('dashboard.financial')}
          headingId="admin-fin-h"
          loading={analytics.loading}
          error={analytics.error}
          errorTitle="Failed to load analytics data"
          onRetry={() => void analytics.reload()}
          testId="financial"
        >
          {analytics.data?.financial.length ? (
            <>
              <FinancialChart data={analytics.data.financial} />
              <p className="wf-muted" style={{ margin: '0.5rem 0 0' }}>
                {t('dashboard.netOverRange')}{' '}
                <strong>{f.money(analytics.data.financial.reduce((a, p) => a + p.netProfit, 0))}</strong>
              </p>
            </>
          ) : (
            <EmptyState title={t('dashboard.noFinancial')} />
          )}
        </Panel>
        <Panel
          title={t('dashboard.shop')}
          headingId="admin-shop-h"
          loading={analytics.loading}
          error={analytics.error}
          errorTitle="Failed to load analytics data"
          onRetry={() => void analytics.reload()}
          testId="shop-analytics"
        >
          {analytics.data?.shop.length ? (
            <>
              <ShopChart data={analytics.data.shop} />
              <h3 style={{ fontSize: '0.9rem', margin: '0.5rem 0 0.25rem' }}>{t('dashboard.topItems')}</h3>
              <ol style={{ margin: 0 }}>
                {topItems(analytics.data.shop).map((item) => (
                  <li key={item.name}>
                    {item.name} · {f.num(item.sales)}
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <EmptyState title={t('dashboard.noShopSales')} />
          )}
        </Panel>
      </div>
    </>
  );
}
