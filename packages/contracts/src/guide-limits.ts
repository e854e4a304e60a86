import { PRICING_PLANS, type PlanId } from './pricing';

/** Guides a plan allows per calendar month (UTC); null = no monthly limit. */
export const guideMonthlyLimit = (plan: PlanId): number | null => PRICING_PLANS[plan].guidesPerMonth;

/** Error code of the 429 answer when the monthly allowance is used up. */
export const GUIDE_LIMIT_CODE = 'guide_limit_reached';
export const GUIDE_TIMEOUT_MS = 120_000;
