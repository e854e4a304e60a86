import { useEffect } from 'react';
import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import { setCurrency } from '@wayfarer/session';
import { ErrorBox, ProgressBar, Skeleton, usePageMeta } from '@wayfarer/ui';
import { coins, formatDate } from '../../lib/format';
import { guidesText, planStatusText } from '../../lib/plan-text';
import { useMyOverview } from '../../lib/account-queries';
import { OverviewActivity } from './components/overview-activity';

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

      <OverviewActivity o={o} />
    </section>
  );
}
