import { useState } from 'react';
import { EmptyState, ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { Segmented, fmtMoney, fmtNumber } from '../../../components/panel';
import { FinancialChart, RANGES, ShopChart, topItems, useAnalytics, type TimeRange } from '../../dashboard';
import { analyticsCsv, downloadText } from '../utils/to-csv';
import { ByDateTable } from './by-date-table';
import { GrowthPanel } from './growth-panel';
import { ListeningPanel } from './listening-panel';

export function AnalyticsPage() {
  usePageMeta({ title: 'Analytics', noindex: true });
  const [range, setRange] = useState<TimeRange>('daily');
  const analytics = useAnalytics(range);
  const fin = analytics.data?.financial ?? [];
  const shop = analytics.data?.shop ?? [];
  const totals = {
    income: fin.reduce((a, p) => a + p.income, 0),
    expenses: fin.reduce((a, p) => a + p.expenses, 0),
    net: fin.reduce((a, p) => a + p.netProfit, 0),
    sales: shop.reduce((a, p) => a + p.sales, 0),
    revenue: shop.reduce((a, p) => a + p.revenue, 0),
  };

  return (
    <>
      <header className="admin-head">
        <h1>Analytics</h1>
        <div className="admin-toolbar">
          <Segmented label="Time range" value={range} options={RANGES} onChange={setRange} />
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={!analytics.data}
            onClick={() => downloadText(`wayfarer-analytics-${range}.csv`, analyticsCsv(fin, shop))}
          >
            Export CSV
          </button>
        </div>
      </header>
      {analytics.error ? (
        <ErrorBox>
          <strong>Failed to load analytics data</strong>
          {analytics.error !== 'Failed to load analytics data' ? <div>{analytics.error}</div> : null}
        </ErrorBox>
      ) : null}
      {analytics.loading ? (
        <Loading message="Loading analytics…" />
      ) : analytics.data ? (
        <>
          <div className="admin-stats" style={{ marginBottom: '1rem' }}>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">Income</div>
              <div className="admin-stat__value">{fmtMoney(totals.income)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">Expenses</div>
              <div className="admin-stat__value">{fmtMoney(totals.expenses)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">Net profit</div>
              <div className={`admin-stat__value ${totals.net < 0 ? 'admin-down' : ''}`}>
                {fmtMoney(totals.net)}
              </div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">Shop sales</div>
              <div className="admin-stat__value">{fmtNumber(totals.sales)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">Shop revenue</div>
              <div className="admin-stat__value">{fmtMoney(totals.revenue)}</div>
            </div>
          </div>
          <div className="admin-panels" style={{ marginTop: 0 }}>
            <section className="wf-card admin-panel" aria-labelledby="an-fin">
              <h2 id="an-fin">Financial</h2>
              {fin.length ? (
                <FinancialChart data={fin} />
              ) : (
                <EmptyState title="No financial data for this range" />
              )}
            </section>
            <section className="wf-card admin-panel" aria-labelledby="an-shop">
              <h2 id="an-shop">Shop</h2>
              {shop.length ? <ShopChart data={shop} /> : <EmptyState title="No shop sales for this range" />}
            </section>
          </div>
          <section className="wf-card admin-panel" style={{ marginTop: '1rem' }} aria-labelledby="an-table">
            <h2 id="an-table">By date</h2>
            <ByDateTable fin={fin} shop={shop} />
            {topItems(shop).length ? (
              <p className="wf-muted">
                Top items:{' '}
                {topItems(shop)
                  .map((t) => `${t.name} (${fmtNumber(t.sales)})`)
                  .join(', ')}
              </p>
            ) : null}
          </section>
        </>
      ) : null}
      <GrowthPanel />
      <ListeningPanel />
    </>
  );
}
