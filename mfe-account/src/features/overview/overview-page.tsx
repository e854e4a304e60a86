import { useEffect } from 'react';
import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import { setCurrency } from '@wayfarer/session';
import { ErrorBox, ProgressBar, Skeleton, usePageMeta } from '@wayfarer/ui';
import { coins, formatDate } from '../../lib/format';
import { guidesText, planStatusText } from '../../lib/plan-text';
import { useMyOverview } from '../../lib/account-queries';

const STATUS_LABEL = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

/** /overview: the signed-in user's plan, guide allowance, balance and activity. */
export function OverviewPage() {
  usePageMeta({
    title: 'Overview',
    description: 'Your plan, guides, balance and activity on Wayfarer.',
    noindex: true,
  });
  const res = useMyOverview();
  const o = res.data;

  // Keep the navbar balance in step with what this page shows.
  useEffect(() => {
    if (o) setCurrency(o.balance);
  }, [o]);

  if (res.loading && !o) {
    return (
      <section className="wf-container wf-page acc-page" aria-busy="true">
        <h1>Overview</h1>
        <p role="status" className="wf-muted">
          Loading your overview…
        </p>
        <div className="wf-grid">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={140} />
          ))}
        </div>
      </section>
    );
  }
  if (res.error || !o) {
    return (
      <section className="wf-container wf-page acc-page">
        <h1>Overview</h1>
        <ErrorBox>{res.error ?? 'Failed to load your overview'}</ErrorBox>
        <button type="button" className="wf-btn wf-btn--ghost" onClick={res.reload}>
          Try again
        </button>
      </section>
    );
  }

  const plan = PRICING_PLANS[o.subscription.plan];
  const nextPlan =
    o.subscription.plan === 'premium' ? null : o.subscription.plan === 'free' ? 'standard' : 'premium';
  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <div className="wf-grid acc-overview">
        <article className="wf-card" aria-labelledby="ov-plan" data-testid="overview-plan">
          <h2 id="ov-plan">Plan</h2>
          <p className="acc-big">
            {plan.name}
            {o.subscription.status === 'trialing' ? <span className="wf-badge acc-badge">Trial</span> : null}
          </p>
          <p className="wf-muted">{planStatusText(o.subscription)}</p>
          <p className="acc-actions">
            {nextPlan ? (
              <Link className="wf-btn wf-btn--sm" to={`/subscribe?plan=${nextPlan}`}>
                Upgrade to {PRICING_PLANS[nextPlan].name}
              </Link>
            ) : null}
            <Link className="wf-btn wf-btn--ghost wf-btn--sm" to="/pricing">
              Compare plans
            </Link>
          </p>
        </article>

        <article className="wf-card" aria-labelledby="ov-guides" data-testid="overview-guides">
          <h2 id="ov-guides">Guides</h2>
          <p className="acc-big">{guidesText(o.guides)}</p>
          {o.guides.limit !== null ? (
            <ProgressBar
              value={(o.guides.used_this_month / Math.max(1, o.guides.limit)) * 100}
              label="Guides used this month"
            />
          ) : null}
          <p className="wf-muted">Counted since {formatDate(o.guides.month_start)}.</p>
        </article>

        <article className="wf-card" aria-labelledby="ov-balance">
          <h2 id="ov-balance">Balance</h2>
          <p className="acc-big" data-testid="overview-balance">
            {coins(o.balance)}
          </p>
          <Link to="/shop">Go to the shop</Link>
        </article>

        <article className="wf-card" aria-labelledby="ov-comments">
          <h2 id="ov-comments">Comments</h2>
          <p className="acc-big">{o.comments.count}</p>
          <p className="wf-muted">
            {o.comments.ratings} with a rating · {o.comments.replies} repl
            {o.comments.replies === 1 ? 'y' : 'ies'}
          </p>
        </article>
      </div>

      <div className="acc-two">
        <article className="wf-card" aria-labelledby="ov-uploads">
          <h2 id="ov-uploads">Uploaded images</h2>
          <p className="wf-muted">
            {o.uploads.total} in total · {o.uploads.approved} approved · {o.uploads.pending} pending ·{' '}
            {o.uploads.rejected} rejected
          </p>
          {o.uploads.recent.length ? (
            <ul className="acc-rows">
              {o.uploads.recent.map((u) => (
                <li key={u.id}>
                  <Link to={`/explore/${encodeURIComponent(u.sight_id)}`}>{u.sight_name}</Link>
                  <span className={`acc-status acc-status--${u.status}`}>{STATUS_LABEL[u.status]}</span>
                  <span className="wf-muted">{formatDate(u.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>No uploads yet. Add photos from a sight's page.</p>
          )}
        </article>

        <article className="wf-card" aria-labelledby="ov-purchases">
          <h2 id="ov-purchases">Purchases</h2>
          <p className="wf-muted">
            {o.purchases.count} purchase{o.purchases.count === 1 ? '' : 's'} ·{' '}
            {coins(o.purchases.coins_spent)} spent
          </p>
          {o.purchases.recent.length ? (
            <ul className="acc-rows">
              {o.purchases.recent.map((p) => (
                <li key={p.id}>
                  <span>{p.item_name}</span>
                  <span>{coins(p.price)}</span>
                  <span className="wf-muted">{formatDate(p.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>
              No purchases yet. <Link to="/shop">Visit the shop</Link>.
            </p>
          )}
        </article>
      </div>
    </section>
  );
}
