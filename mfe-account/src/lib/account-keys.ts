import type { BillingPeriod, PlanId } from '@wayfarer/contracts';

/** Query keys of the account remote: the signed-in user's own data ('me') and the shop's catalogue. */
export const accountKeys = {
  me: ['me'] as const,
  profile: (userId: string) => [...accountKeys.me, 'profile', userId] as const,
  overview: () => [...accountKeys.me, 'overview'] as const,
  subscription: () => [...accountKeys.me, 'subscription'] as const,
  quote: (plan: PlanId, period: BillingPeriod) =>
    [...accountKeys.me, 'subscription', 'quote', plan, period] as const,
  purchases: () => [...accountKeys.me, 'purchases'] as const,
  shopItems: () => ['shop', 'items'] as const,
};
