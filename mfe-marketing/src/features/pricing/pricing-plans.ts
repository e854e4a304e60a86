// The prices, trial and features are the product's one pricing table (also what the API charges); this file adds
// the marketing copy around it. The subpath import keeps zod out of this remote.
import {
  PLAN_IDS,
  PREMIUM_TRIAL_DAYS,
  PRICING_PLANS,
  type BillingPeriod,
  type PlanId,
} from '@wayfarer/contracts/browser';

export type Billing = BillingPeriod;
export type { PlanId };
export { PREMIUM_TRIAL_DAYS };

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month, billed monthly. */
  monthly: number;
  /** US dollars billed once a year: 20% less than twelve monthly payments (spec point 9). */
  yearly: number;
  badge?: 'Most popular' | 'Best value';
  features: string[];
  missing: string[];
}

/** What each plan lacks, shown crossed out on its card. */
const MISSING: Record<PlanId, string[]> = {
  free: ['Offline listening', 'Unlimited audiobooks', 'Priority support'],
  standard: ['Unlimited audiobooks', 'Priority support'],
  premium: [],
};

export const PLANS: Plan[] = PLAN_IDS.map((id) => {
  const p = PRICING_PLANS[id];
  return {
    id,
    name: p.name,
    monthly: p.monthlyCents / 100,
    yearly: p.yearlyCents / 100,
    ...(p.badge ? { badge: p.badge } : {}),
    features: [...p.features],
    missing: MISSING[id],
  };
});

export const SALES_EMAIL = 'sales@wayfarer.app';

/** Prices in the visitor's locale; the plans are priced in US dollars. */
export function formatPrice(amount: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: amount === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function planPrice(plan: Plan, billing: Billing): { amount: number; period: string } {
  return billing === 'monthly'
    ? { amount: plan.monthly, period: '/month' }
    : { amount: plan.yearly, period: '/year' };
}

export const COMPARISON: {
  feature: string;
  free: string | boolean;
  standard: string | boolean;
  premium: string | boolean;
}[] = [
  { feature: 'Guides per month', free: '3', standard: 'Unlimited', premium: 'Unlimited' },
  { feature: 'Basic tours', free: true, standard: true, premium: true },
  { feature: 'Curated tours', free: false, standard: true, premium: true },
  { feature: 'Offline listening', free: false, standard: true, premium: true },
  { feature: 'Recommendations', free: false, standard: 'Basic', premium: 'Advanced' },
  { feature: 'Unlimited audiobooks', free: false, standard: false, premium: true },
  { feature: 'Priority support', free: false, standard: false, premium: true },
  { feature: 'Early access', free: false, standard: false, premium: true },
  { feature: 'Free trial', free: false, standard: false, premium: '7 days' },
];

export const FAQS: { q: string; a: string }[] = [
  {
    q: 'Is there a free trial?',
    a: `Yes. Premium comes with a ${PREMIUM_TRIAL_DAYS}-day free trial. Cancel before it ends and you are not charged.`,
  },
  {
    q: 'What happens when I upgrade?',
    a: 'Upgrades take effect immediately and are prorated: you only pay the difference for the rest of your billing cycle.',
  },
  {
    q: 'What happens when I downgrade?',
    a: 'Downgrades apply at the start of your next billing cycle, so you keep your current features until then.',
  },
  {
    q: 'Can I switch between monthly and yearly billing?',
    a: 'Yes. Yearly billing costs 20% less than twelve monthly payments (more than two months free); the switch applies from your next cycle.',
  },
];
