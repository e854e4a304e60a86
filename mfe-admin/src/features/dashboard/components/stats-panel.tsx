import { Growth, Panel, StatCard, fmtMoney, fmtNumber } from '../../../components/panel';
import { useDashboardStats } from '../api/dashboard-queries';

/** The stats overview (spec point 3), from the 5-minute stats cache. */
export function StatsPanel({ stats }: { stats: ReturnType<typeof useDashboardStats> }) {
  const s = stats.data;
  return (
    <Panel
      title="Overview"
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
              label="Pending images"
              value={fmtNumber(s.pending_images)}
              hint={`${fmtNumber(s.activity.images_pending_review)} awaiting review`}
              testId="stat-pending-images"
            />
            <StatCard
              label="Approved images"
              value={fmtNumber(s.approved_images)}
              hint={<Growth value={s.image_growth_percent} />}
            />
            <StatCard
              label="Users"
              value={fmtNumber(s.total_users)}
              hint={<Growth value={s.user_growth_percent} />}
              testId="stat-users"
            />
            <StatCard label="Sights" value={fmtNumber(s.total_sights)} />
            <StatCard label="Avatars" value={fmtNumber(s.total_avatars)} />
            <StatCard label="Active themes" value={fmtNumber(s.active_themes)} />
            <StatCard
              label="Recent uploads"
              value={fmtNumber(s.recent_uploads)}
              hint={`${fmtNumber(s.activity.uploads_this_week)} this week`}
            />
            <StatCard label="New users this month" value={fmtNumber(s.activity.new_users_this_month)} />
          </div>
          <h3 style={{ margin: '1.25rem 0 0.5rem', fontSize: '0.95rem' }}>Today</h3>
          <div className="admin-stats">
            <StatCard label="Online now" value={fmtNumber(s.analytics.online_users_count)} />
            <StatCard label="Revenue" value={fmtMoney(s.analytics.revenue_today)} />
            <StatCard label="Expenses" value={fmtMoney(s.analytics.expenses_today)} />
            <StatCard
              label="AI cost"
              value={fmtMoney(s.analytics.openai_cost_today)}
              hint={`${fmtNumber(s.analytics.tokens_used_today)} tokens`}
            />
            <StatCard
              label="Shop sales"
              value={fmtNumber(s.analytics.shop_sales_today)}
              hint={`${fmtMoney(s.analytics.shop_revenue_today)} revenue`}
            />
          </div>
          <h3 style={{ margin: '1.25rem 0 0.5rem', fontSize: '0.95rem' }}>Top countries</h3>
          {s.top_countries.length ? (
            <ol className="wf-muted" style={{ margin: 0 }}>
              {s.top_countries.slice(0, 8).map((c) => (
                <li key={c.country}>
                  <span style={{ color: 'var(--text)' }}>{c.country}</span> · {fmtNumber(c.count)}
                </li>
              ))}
            </ol>
          ) : (
            <p className="wf-muted">No country data yet.</p>
          )}
        </>
      ) : null}
    </Panel>
  );
}
