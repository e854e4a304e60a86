import { Link } from '@wayfarer/router';
import {
  PRICING_PLANS,
  formatUsd,
  planPriceCents,
  yearlySavingPercent,
  type BillingPeriod,
  type PlanId,
} from '@wayfarer/contracts/browser';
import { PeriodToggle } from './plan-parts';

/** The chosen plan: its name and badge, the billing period, the price, and what it includes. */
export function PlanSummary({
  plan,
  period,
  onPeriod,
}: {
  plan: PlanId;
  period: BillingPeriod;
  onPeriod: (p: BillingPeriod) => void;
}) {
  const def = PRICING_PLANS[plan];
  const price = planPriceCents(plan, period);
  return (
    <article className="wf-card" aria-labelledby="sub-summary">
      <h2 id="sub-summary">
        {def.name}
        {def.badge ? <span className="wf-badge acc-badge">{def.badge}</span> : null}
      </h2>
      {plan !== 'free' ? <PeriodToggle value={period} onChange={onPeriod} /> : null}
      <p className="acc-price" data-testid="plan-price">
        {plan === 'free'
          ? formatUsd(0)
          : `${formatUsd(price)} per ${period === 'monthly' ? 'month' : 'year'}`}
      </p>
      {plan !== 'free' && period === 'yearly' ? (
        <p className="wf-muted">Save up to {yearlySavingPercent(plan)}% against monthly billing.</p>
      ) : null}
      {def.trialDays ? <p>{def.trialDays}-day free trial for new Premium subscribers.</p> : null}
      <ul>
        {def.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className="wf-muted">
        Upgrades are prorated immediately; downgrades apply at the next billing cycle.{' '}
        <Link to="/pricing">Compare all plans</Link>
      </p>
    </article>
  );
}
