import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { Growth, Panel, StatCard } from '../../../components/panel';
import { useDashboardStats } from '../api/dashboard-queries';

/** The stats overview (spec point 3), from the 5-minute stats cache. */
export function StatsPanel({ stats }: { stats: ReturnType<typeof useDashboardStats> }) {
  const { t } = useTranslation(ADMIN_NS);
  const { num: fmtNumber, money: fmtMoney } = useAdminFormat();
  const s = stats.data;
  return (
    <Panel
      title={t('dashboard.stats.title')}
      headingId="admin-stats-h"
      loading={stats.loading && !s}
      error={stats.error}
      errorTitle="Failed to load dashboard data"
      onRetry={stats.refresh}
      testId="dashboard-stats"
    >
      {s ? (
        <>
          <div className="admin-stats">
            <StatCard
              label={t('dashboard.stats.pendingImages')}
              value={fmtNumber(s.pending_images)}
              hint={t('dashboard.stats.awaitingReview', { n: fmtNumber(s.activity.images_pending_review) })}
              testId="stat-pending-images"
            />
            <StatCard
              label={t('dashboard.stats.approvedImages')}
              value={fmtNumber(s.approved_images)}
              hint={<Growth value={s.image_growth_percent} />}
            />
            <StatCard
              label={t('dashboard.stats.users')}
              value={fmtNumber(s.total_users)}
              hint={<Growth value={s.user_growth_percent} />}
              testId="stat-users"
            />
            <StatCard label={t('dashboard.stats.sights')} value={fmtNumber(s.total_sights)} />
            <StatCard label={t('dashboard.stats.avatars')} value={fmtNumber(s.total_avatars)} />
            <StatCard label={t('dashboard.stats.activeThemes')} value={fmtNumber(s.active_themes)} />
            <StatCard
              label={t('dashboard.stats.recentUploads')}
              value={fmtNumber(s.recent_uploads)}
              hint={t('dashboard.stats.thisWeek', { n: fmtNumber(s.activity.uploads_this_week) })}
            />
            <StatCard
              label={t('dashboard.stats.newUsersMonth')}
              value={fmtNumber(s.activity.new_users_this_month)}
            />
          </div>
          <h3 style={{ margin: '1.25rem 0 0.5rem', fontSize: '0.95rem' }}>{t('dashboard.stats.today')}</h3>
          <div className="admin-stats">
            <StatCard
              label={t('dashboard.stats.onlineNow')}
              value={fmtNumber(s.analytics.online_users_count)}
            />
            <StatCard label={t('dashboard.stats.revenue')} value={fmtMoney(s.analytics.revenue_today)} />
            <StatCard label={t('dashboard.stats.expenses')} value={fmtMoney(s.analytics.expenses_today)} />
            <StatCard
              label={t('dashboard.stats.aiCost')}
              value={fmtMoney(s.analytics.openai_cost_today)}
              hint={t('dashboard.stats.tokens', { n: fmtNumber(s.analytics.tokens_used_today) })}
            />
            <StatCard
              label={t('dashboard.stats.shopSales')}
              value={fmtNumber(s.analytics.shop_sales_today)}
              hint={t('dashboard.stats.revenueHint', { amount: fmtMoney(s.analytics.shop_revenue_today) })}
            />
          </div>
          <h3 style={{ margin: '1.25rem 0 0.5rem', fontSize: '0.95rem' }}>
            {t('dashboard.stats.topCountries')}
          </h3>
          {s.top_countries.length ? (
            <ol className="wf-muted" style={{ margin: 0 }}>
              {s.top_countries.slice(0, 8).map((c) => (
                <li key={c.country}>
                  <span style={{ color: 'var(--text)' }}>{c.country}</span> · {fmtNumber(c.count)}
                </li>
              ))}
            </ol>
          ) : (
            <p className="wf-muted">{t('dashboard.stats.noCountries')}</p>
          )}
        </>
      ) : null}
    </Panel>
  );
}
