import { useEffect } from 'react';
import { Link } from '@wayfarer/router';
import { setCurrency } from '@wayfarer/session';
import { ErrorBox, ProgressBar, Skeleton, usePageMeta } from '@wayfarer/ui';
import { useAccountText } from '../../lib/account-text';
import { guidesText, planStatusText } from '../../lib/plan-text';
import { useMyOverview } from '../../lib/account-queries';
import { OverviewActivity } from './components/overview-activity';

/** /overview: the signed-in user's plan, guide allowance, balance and activity. */
export function OverviewPage() {
  const x = useAccountText();
  const { t, coins } = x;
  usePageMeta({ title: t('overview.title'), description: t('overview.metaDescription'), noindex: true });
  const res = useMyOverview();
  const o = res.data;

  // Keep the navbar balance in step with what this page shows.
  useEffect(() => {
    if (o) setCurrency(o.balance);
  }, [o]);

  if (res.loading && !o) {
    return (
      <section className="wf-container wf-page acc-page" aria-busy="true">
        <h1>{t('overview.title')}</h1>
        <p role="status" className="wf-muted">
          {t('overview.loading')}
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
        <h1>{t('overview.title')}</h1>
        <ErrorBox>{res.error ?? t('load.overview')}</ErrorBox>
        <button type="button" className="wf-btn wf-btn--ghost" onClick={res.reload}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const nextPlan =
    o.subscription.plan === 'premium' ? null : o.subscription.plan === 'free' ? 'standard' : 'premium';
  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="overview-title">
      <h1 id="overview-title">{t('overview.title')}</h1>
      <div className="wf-grid acc-overview">
        <article className="wf-card" aria-labelledby="ov-plan" data-testid="overview-plan">
          <h2 id="ov-plan">{t('overview.plan')}</h2>
          <p className="acc-big">
            {x.plan(o.subscription.plan)}
            {o.subscription.status === 'trialing' ? (
              <span className="wf-badge acc-badge">{t('overview.trial')}</span>
            ) : null}
          </p>
          <p className="wf-muted">{planStatusText(o.subscription, x)}</p>
          <p className="acc-actions">
            {nextPlan ? (
              <Link className="wf-btn wf-btn--sm" to={`/subscribe?plan=${nextPlan}`}>
                {t('overview.upgrade', { plan: x.plan(nextPlan) })}
              </Link>
            ) : null}
            <Link className="wf-btn wf-btn--ghost wf-btn--sm" to="/pricing">
              {t('overview.compare')}
            </Link>
          </p>
        </article>

        <article className="wf-card" aria-labelledby="ov-guides" data-testid="overview-guides">
          <h2 id="ov-guides">{t('overview.guides')}</h2>
          <p className="acc-big">{guidesText(o.guides, x)}</p>
          {o.guides.limit !== null ? (
            <ProgressBar
              value={(o.guides.used_this_month / Math.max(1, o.guides.limit)) * 100}
              label={t('overview.guidesUsed')}
            />
          ) : null}
          <p className="wf-muted">{t('overview.since', { date: x.date(o.guides.month_start) })}</p>
        </article>

        <article className="wf-card" aria-labelledby="ov-balance">
          <h2 id="ov-balance">{t('overview.balance')}</h2>
          <p className="acc-big" data-testid="overview-balance">
            {coins(o.balance)}
          </p>
          <Link to="/shop">{t('overview.toShop')}</Link>
        </article>

        <article className="wf-card" aria-labelledby="ov-comments">
          <h2 id="ov-comments">{t('overview.comments')}</h2>
          <p className="acc-big">{x.f.number(o.comments.count)}</p>
          <p className="wf-muted">
            {t('overview.ratings', { count: o.comments.ratings, n: x.f.number(o.comments.ratings) })} ·{' '}
            {t('overview.replies', { count: o.comments.replies, n: x.f.number(o.comments.replies) })}
          </p>
        </article>
      </div>

      <OverviewActivity o={o} />
    </section>
  );
}
