import '../../../i18n-commerce';
import { Link } from '@wayfarer/router';
import {
  PRICING_PLANS,
  planPriceCents,
  yearlySavingPercent,
  type BillingPeriod,
  type PlanId,
} from '@wayfarer/contracts/browser';
import { useAccountText } from '../../../lib/account-text';
import { PeriodToggle } from './plan-parts';

/** The contract's English badge and feature texts by their catalog key (`plans.<key>`). */
const PLAN_TEXT_KEYS: Record<string, string> = {
  'Most popular': 'popular',
  'Best value': 'value',
  '3 guides per month': 'guides3',
  'Basic tours': 'basicTours',
  'Curated tours': 'curated',
  'Offline listening': 'offline',
  'Basic recommendations': 'basicReco',
  'Everything in Standard': 'everything',
  'Unlimited audiobooks': 'audiobooks',
  'Advanced recommendations': 'advancedReco',
  'Priority support': 'support',
  'Early access': 'early',
};

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
  const x = useAccountText();
  const { t, usd } = x;
  const text = (english: string) =>
    PLAN_TEXT_KEYS[english] ? t(`plans.${PLAN_TEXT_KEYS[english]}`) : english;
  const def = PRICING_PLANS[plan];
  const price = usd(planPriceCents(plan, period));
  return (
    <article className="wf-card" aria-labelledby="sub-summary">
      <h2 id="sub-summary">
        {x.plan(plan)}
        {def.badge ? <span className="wf-badge acc-badge">{text(def.badge)}</span> : null}
      </h2>
      {plan !== 'free' ? <PeriodToggle value={period} onChange={onPeriod} /> : null}
      <p className="acc-price" data-testid="plan-price">
        {plan === 'free'
          ? usd(0)
          : t(period === 'monthly' ? 'subscribe.perMonth' : 'subscribe.perYear', { price })}
      </p>
      {plan !== 'free' && period === 'yearly' ? (
        <p className="wf-muted">
          {t('subscribe.saveUpTo', { percent: x.f.number(yearlySavingPercent(plan)) })}
        </p>
      ) : null}
      {def.trialDays ? <p>{t('subscribe.trialNote', { days: x.f.number(def.trialDays) })}</p> : null}
      <ul>
        {def.features.map((f) => (
          <li key={f}>{text(f)}</li>
        ))}
      </ul>
      <p className="wf-muted">
        {t('subscribe.rules')} <Link to="/pricing">{t('subscribe.compareAll')}</Link>
      </p>
    </article>
  );
}
