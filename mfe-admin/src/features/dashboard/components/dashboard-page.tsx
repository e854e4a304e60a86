import { useState } from 'react';
import { EmptyState, usePageMeta } from '@wayfarer/ui';
import { Panel, Segmented, fmtMoney, fmtNumber } from '../../../components/panel';
import { useAnalytics, useDashboardStats, useOnlineUsers, useUserGrowth } from '../api/dashboard-queries';
import type { GrowthPeriod, TimeRange } from '../types';
import { FinancialChart, ShopChart, UserGrowthChart, topItems } from './charts';
import { OnlineUsersPanel } from './online-users-panel';
import { StatsPanel } from './stats-panel';

export const PERIODS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const satisfies readonly { value: GrowthPeriod; label: string }[];

export const RANGES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const satisfies readonly { value: TimeRange; label: string }[];

export function DashboardPage() {
  usePageMeta({ title: 'Admin dashboard', noindex: true });
  const stats = useDashboardStats();
  const online = useOnlineUsers();
  const [period, setPeriod] = useState<GrowthPeriod>('day');
  const growth = useUserGrowth(period);
  const [range, setRange] = useState<TimeRange>('daily');
  const analytics = useAnalytics(range);

  return (
    <>
      <header className="admin-head">
        <h1>Dashboard</h1>
        <div className="admin-toolbar">
          {stats.fetchedAt ? (
            <span className="wf-muted">Stats as of {new Date(stats.fetchedAt).toLocaleTimeString()}</span>
          ) : null}
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            onClick={stats.refresh}
            disabled={stats.loading}
          >
            Refresh stats
          </button>
        </div>
      </header>

      <StatsPanel stats={stats} />

      <div className="admin-panels">
        <OnlineUsersPanel online={online} />

        <Panel
          title="User growth"
          headingId="admin-growth-h"
          loading={growth.loading}
          error={growth.error}
          errorTitle="Failed to load analytics data"
          onRetry={() => void growth.reload()}
          actions={<Segmented label="Growth period" value={period} options={PERIODS} onChange={setPeriod} />}
          testId="user-growth"
        >
          {growth.data && growth.data.length ? (
            <UserGrowthChart data={growth.data} />
          ) : (
            <EmptyState title="No sign-ups in this period" />
          )}
        </Panel>
      </div>

      <div className="admin-panel__head" style={{ marginTop: '1.25rem' }}>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>Revenue and shop</h2>
        <Segmented label="Time range" value={range} options={RANGES} onChange={setRange} />
      </div>
      <div className="admin-panels" style={{ marginTop: 0 }}>
        <Panel
          title="Financial"
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
                Net profit over the range:{' '}
                <strong>{fmtMoney(analytics.data.financial.reduce((a, p) => a + p.netProfit, 0))}</strong>
              </p>
            </>
          ) : (
            <EmptyState title="No financial data for this range" />
          )}
        </Panel>
        <Panel
          title="Shop"
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
              <h3 style={{ fontSize: '0.9rem', margin: '0.5rem 0 0.25rem' }}>Top items</h3>
              <ol style={{ margin: 0 }}>
                {topItems(analytics.data.shop).map((t) => (
                  <li key={t.name}>
                    {t.name} · {fmtNumber(t.sales)}
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <EmptyState title="No shop sales for this range" />
          )}
        </Panel>
      </div>
    </>
  );
}
