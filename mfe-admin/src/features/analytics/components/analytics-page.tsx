import { useState } from 'react';
import { EmptyState, ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { useErrorText } from '../../../lib/use-error-text';
import { Segmented } from '../../../components/panel';
import {
  FinancialChart,
  RANGES,
  ShopChart,
  topItems,
  useAnalytics,
  useChoices,
  type TimeRange,
} from '../../dashboard';
import { analyticsCsv, downloadText } from '../utils/to-csv';
import { ByDateTable } from './by-date-table';
import { GrowthPanel } from './growth-panel';
import { ListeningPanel } from './listening-panel';

export function AnalyticsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { num: fmtNumber, money: fmtMoney } = useAdminFormat();
  const errorText = useErrorText();
  const ranges = useChoices(RANGES);
  usePageMeta({ title: t('analytics.title'), noindex: true });
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
        <h1>{t('analytics.title')}</h1>
        <div className="admin-toolbar">
          <Segmented label={t('common.timeRange')} value={range} options={ranges} onChange={setRange} />
          <button
            type="button"
            className="wf-btn wf-btn--sm"
            disabled={!analytics.data}
            onClick={() => downloadText(`wayfarer-analytics-${range}.csv`, analyticsCsv(fin, shop))}
          >
            {t('common.exportCsv')}
          </button>
        </div>
      </header>
      {analytics.error ? (
        <ErrorBox>
          <strong>{errorText('Failed to load analytics data')}</strong>
          {analytics.error !== 'Failed to load analytics data' ? (
            <div>{errorText(analytics.error)}</div>
          ) : null}
        </ErrorBox>
      ) : null}
      {analytics.loading ? (
        <Loading message={t('analytics.loading')} />
      ) : analytics.data ? (
        <>
          <div className="admin-stats" style={{ marginBottom: '1rem' }}>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">{t('charts.income')}</div>
              <div className="admin-stat__value">{fmtMoney(totals.income)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">{t('charts.expenses')}</div>
              <div className="admin-stat__value">{fmtMoney(totals.expenses)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">{t('charts.netProfit')}</div>
              <div className={`admin-stat__value ${totals.net < 0 ? 'admin-down' : ''}`}>
                {fmtMoney(totals.net)}
              </div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">{t('analytics.shopSales')}</div>
              <div className="admin-stat__value">{fmtNumber(totals.sales)}</div>
            </div>
            <div className="wf-card admin-stat">
              <div className="admin-stat__label">{t('analytics.shopRevenue')}</div>
              <div className="admin-stat__value">{fmtMoney(totals.revenue)}</div>
            </div>
          </div>
          <div className="admin-panels" style={{ marginTop: 0 }}>
            <section className="wf-card admin-panel" aria-labelledby="an-fin">
              <h2 id="an-fin">{t('dashboard.financial')}</h2>
              {fin.length ? <FinancialChart data={fin} /> : <EmptyState title={t('dashboard.noFinancial')} />}
            </section>
            <section className="wf-card admin-panel" aria-labelledby="an-shop">
              <h2 id="an-shop">{t('dashboard.shop')}</h2>
              {shop.length ? <ShopChart data={shop} /> : <EmptyState title={t('dashboard.noShopSales')} />}
            </section>
          </div>
          <section className="wf-card admin-panel" style={{ marginTop: '1rem' }} aria-labelledby="an-table">
            <h2 id="an-table">{t('analytics.byDate')}</h2>
            <ByDateTable fin={fin} shop={shop} />
            {topItems(shop).length ? (
              <p className="wf-muted">
                {t('analytics.topItems', {
                  items: topItems(shop)
                    .map((i) => `${i.name} (${fmtNumber(i.sales)})`)
                    .join(', '),
                })}
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
