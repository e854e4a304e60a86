import { useQuery } from '@wayfarer/query';
import type { BillingPeriod, PlanId } from '@wayfarer/contracts';
import {
  AppError,
  errorText,
  getMyOverview,
  getMyPurchases,
  getMySubscription,
  listShopItems,
  quoteSubscription,
} from '@wayfarer/api-client';
import { getAccessToken, queryView } from '@wayfarer/session';
import { accountKeys } from './account-keys';
import { translateMessage } from './account-text';

/** The session's access token, or 'Authentication required' before any call. */
export async function requireToken(): Promise<string> {
  const t = await getAccessToken();
  if (!t) throw new AppError('Authentication required');
  return t;
}

/** The screen view of an account query, with the product's one error-text rule (ours in the active language). */
export const view = <T>(q: Parameters<typeof queryView<T>>[0], fallback: string) =>
  queryView(q, (err) => translateMessage(errorText(err, fallback)));

export const useMyOverview = () =>
  view(
    useQuery({
      queryKey: accountKeys.overview(),
      queryFn: async () => (await getMyOverview(await requireToken())).overview,
    }),
    'Failed to load your overview',
  );

/** One read of /subscriptions/me serves the plan (account page) and the payments (subscribe page). */
const subscriptionQuery = {
  queryKey: accountKeys.subscription(),
  queryFn: async () => getMySubscription(await requireToken()),
};

export const useMySubscription = () =>
  view(useQuery({ ...subscriptionQuery, select: (r) => r.subscription }), 'Failed to load your plan');

export const useMyPayments = () =>
  view(useQuery({ ...subscriptionQuery, select: (r) => r.payments }), 'Failed to load your payments');

export const useSubscriptionQuote = (plan: PlanId, period: BillingPeriod) =>
  view(
    useQuery({
      queryKey: accountKeys.quote(plan, period),
      queryFn: async () => quoteSubscription(plan, period, await requireToken()),
    }),
    'Failed to load your current plan',
  );

export const useShopItems = () =>
  view(
    useQuery({ queryKey: accountKeys.shopItems(), queryFn: async () => (await listShopItems()).items }),
    'Failed to load the shop',
  );

export const useMyPurchases = () =>
  view(
    useQuery({
      queryKey: accountKeys.purchases(),
      queryFn: async () => (await getMyPurchases(await requireToken())).items,
    }),
    'Failed to load your purchases',
  );
