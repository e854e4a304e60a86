import { Link } from '@wayfarer/router';
import {
  PLAN_IDS,
  PRICING_PLANS,
  formatUsd,
  subscribePath,
  type BillingPeriod,
} from '@wayfarer/contracts/browser';
import type { SubscriptionQuote } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';

/** The confirm button's label for what the change does. */
export function confirmLabel(q: SubscriptionQuote): string {
  const plan = PRICING_PLANS[q.plan].name;
  switch (q.action) {
    case 'trial':
      return `Start ${q.trial_days}-day free trial`;
    case 'subscribe':
      return `Subscribe and pay ${formatUsd(q.charge_now_cents)}`;
    case 'upgrade':
      return `Upgrade and pay ${formatUsd(q.charge_now_cents)}`;
    case 'downgrade':
      return `Switch to ${plan} at renewal`;
    case 'switch_period':
      return `Switch to ${q.period} billing at renewal`;
    case 'resume':
      return `Keep ${plan}`;
    case 'cancel':
      return 'Move to Free at renewal';
    case 'none':
      return 'This is your current plan';
  }
}

export function PeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (p: BillingPeriod) => void;
}) {
  return (
    <div className="acc-toggle" role="group" aria-label="Billing period">
      {(['monthly', 'yearly'] as const).map((p) => (
        <button
          key={p}
          type="button"
          className="acc-toggle__btn"
          aria-pressed={value === p}
          onClick={() => onChange(p)}
        >
          {p === 'monthly' ? 'Monthly' : 'Yearly · Save 2 months'}
        </button>
      ))}
    </div>
  );
}

export function PlanChooser() {
  usePageMeta({ title: 'Choose a plan', noindex: true });
  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">Choose a plan</h1>
      <ul className="wf-grid acc-list-reset">
        {PLAN_IDS.map((id) => (
          <li key={id} className="wf-card acc-item">
            <h2>{PRICING_PLANS[id].name}</h2>
            <p className="acc-price">
              {id === 'free' ? formatUsd(0) : `${formatUsd(PRICING_PLANS[id].monthlyCents)}/month`}
            </p>
            <Link className="wf-btn" to={subscribePath(id)}>
              Choose {PRICING_PLANS[id].name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
