/**
 * The pricing table of spec points 2 and 9, shared by the API (charges, limits) and the apps (plan summaries).
 * Amounts are in US cents so nothing rounds twice; `formatUsd` turns them into display strings.
 */
export const PLAN_IDS = ['free', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Price of one month, billed monthly. */
  monthlyCents: number;
  /** Price of one year, billed yearly. */
  yearlyCents: number;
  /** Narrated guides a user may generate per calendar month; null means unlimited. */
  guidesPerMonth: number | null;
  /** Days of free trial on the first subscription to this plan. */
  trialDays: number;
  /** Rank for upgrade/downgrade decisions. */
  rank: number;
  badge: 'Most popular' | 'Best value' | null;
  features: string[];
}

export const PREMIUM_TRIAL_DAYS = 7;

export const PRICING_PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyCents: 0,
    yearlyCents: 0,
    guidesPerMonth: 3,
    trialDays: 0,
    rank: 0,
    badge: null,
    features: ['3 guides per month', 'Basic tours'],
  },
  standard: {
    id: 'standard',
    name: 'Standard',
    monthlyCents: 999,
    yearlyCents: 9588,
    guidesPerMonth: null,
    trialDays: 0,
    rank: 1,
    badge: 'Most popular',
    features: ['Curated tours', 'Offline listening', 'Basic recommendations'],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    monthlyCents: 1999,
    yearlyCents: 19188,
    guidesPerMonth: null,
    trialDays: PREMIUM_TRIAL_DAYS,
    rank: 2,
    badge: 'Best value',
    features: [
      'Everything in Standard',
      'Unlimited audiobooks',
      'Advanced recommendations',
      'Priority support',
      'Early access',
    ],
  },
};

export function isPlanId(v: unknown): v is PlanId {
  return typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);
}

/** The price of one billing period of a plan, in cents. */
export function planPriceCents(plan: PlanId, period: BillingPeriod): number {
  const p = PRICING_PLANS[plan];
  return period === 'monthly' ? p.monthlyCents : p.yearlyCents;
}

/** Yearly saving against twelve monthly payments, in whole percent (20 for both paid plans). */
export function yearlySavingPercent(plan: PlanId): number {
  const p = PRICING_PLANS[plan];
  if (!p.monthlyCents) return 0;
  return Math.round((1 - p.yearlyCents / (p.monthlyCents * 12)) * 100);
}

/**
 * The checkout's query parameter for the billing period. Monthly is the checkout's default, so a monthly link is
 * the spec's `/subscribe?plan=X` as written; yearly adds `&period=yearly` so the checkout opens in the period the
 * visitor chose on the pricing page.
 */
export const PERIOD_PARAM = 'period';

/** The checkout link of a plan in a billing period; the free plan has no period. */
export function subscribePath(plan: PlanId, period: BillingPeriod = 'monthly'): string {
  const q = new URLSearchParams({ plan });
  if (plan !== 'free' && period === 'yearly') q.set(PERIOD_PARAM, period);
  return `/subscribe?${q.toString()}`;
}

/** The billing period a checkout link asks for: yearly only when it says so, else the monthly default. */
export function periodFromParam(value: string | null | undefined): BillingPeriod {
  return value === 'yearly' ? 'yearly' : 'monthly';
}

/** Kept per locale and kind: making an `Intl.NumberFormat` costs far more than formatting with one. */
const usdFormats = new Map<string, Intl.NumberFormat>();

export function formatUsd(cents: number, locale?: string): string {
  const key = `${locale ?? 'en-US'}|${cents === 0 ? 0 : 2}`;
  let f = usdFormats.get(key);
  if (!f)
    usdFormats.set(
      key,
      (f = new Intl.NumberFormat(locale ?? 'en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: cents === 0 ? 0 : 2,
        maximumFractionDigits: 2,
      })),
    );
  return f.format(cents / 100);
}

/** Coin packs bought through the payment provider; coins are spent in the shop. */
export interface CoinPack {
  id: string;
  coins: number;
  priceCents: number;
}
export const COIN_PACKS: readonly CoinPack[] = [
  { id: 'coins-100', coins: 100, priceCents: 99 },
  { id: 'coins-550', coins: 550, priceCents: 499 },
  { id: 'coins-1200', coins: 1200, priceCents: 999 },
];
