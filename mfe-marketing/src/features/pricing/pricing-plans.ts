// The prices, trial and features are the product's one pricing table (also what the API charges); this file adds
// the marketing copy around it. The subpath import keeps zod out of this remote.
import { formatters } from '@wayfarer/i18n';
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
export function formatPrice(amount: number, locale = 'en'): string {
  return formatters(locale).number(amount, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: amount === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
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

/** The catalog keys (marketing namespace) of the plan names, badges and feature lines the contract gives in English. */
export const FEATURE_KEYS: Record<string, string> = {
  '3 guides per month': 'pricing.f.guides3',
  'Basic tours': 'pricing.f.basicTours',
  'Curated tours': 'pricing.f.curated',
  'Offline listening': 'pricing.f.offline',
  'Basic recommendations': 'pricing.f.basicReco',
  'Everything in Standard': 'pricing.f.everything',
  'Unlimited audiobooks': 'pricing.f.audiobooks',
  'Advanced recommendations': 'pricing.f.advancedReco',
  'Priority support': 'pricing.f.support',
  'Early access': 'pricing.f.early',
  'Guides per month': 'pricing.f.guidesPerMonth',
  Recommendations: 'pricing.f.recommendations',
  'Free trial': 'pricing.f.trial',
  Unlimited: 'pricing.f.unlimited',
  Basic: 'pricing.f.basic',
  Advanced: 'pricing.f.advanced',
  '7 days': 'pricing.f.days7',
};
export const BADGE_KEYS: Record<NonNullable<Plan['badge']>, string> = {
  'Most popular': 'pricing.badge.popular',
  'Best value': 'pricing.badge.value',
};

/** The FAQ as catalog keys; the first answer takes the trial length ({{days}}). */
export const FAQ_KEYS: { q: string; a: string }[] = [
  { q: 'pricing.q1', a: 'pricing.a1' },
  { q: 'pricing.q2', a: 'pricing.a2' },
  { q: 'pricing.q3', a: 'pricing.a3' },
  { q: 'pricing.q4', a: 'pricing.a4' },
];
