export type Billing = 'monthly' | 'yearly';
export type PlanId = 'free' | 'standard' | 'premium';

export interface Plan {
  id: PlanId;
  name: string;
  monthly: number;
  /** Billed once a year: ten monthly prices, i.e. two months free (spec point 9). */
  yearly: number;
  badge?: 'Most popular' | 'Best value';
  features: string[];
  missing: string[];
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthly: 0,
    yearly: 0,
    features: ['3 guides per month', 'Basic tours'],
    missing: ['Offline listening', 'Unlimited audiobooks', 'Priority support'],
  },
  {
    id: 'standard',
    name: 'Standard',
    monthly: 9.99,
    yearly: 95.88,
    badge: 'Most popular',
    features: ['Curated tours', 'Offline listening', 'Basic recommendations'],
    missing: ['Unlimited audiobooks', 'Priority support'],
  },
  {
    id: 'premium',
    name: 'Premium',
    monthly: 19.99,
    yearly: 191.88,
    badge: 'Best value',
    features: [
      'Everything in Standard',
      'Unlimited audiobooks',
      'Advanced recommendations',
      'Priority support',
      'Early access',
    ],
    missing: [],
  },
];

export const PREMIUM_TRIAL_DAYS = 7;
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
  return billing === 'monthly' ? { amount: plan.monthly, period: '/month' } : { amount: plan.yearly, period: '/year' };
}

export const COMPARISON: { feature: string; free: string | boolean; standard: string | boolean; premium: string | boolean }[] = [
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
    a: 'Yes. Yearly billing costs ten monthly payments, so you get two months free; the switch applies from your next cycle.',
  },
];
