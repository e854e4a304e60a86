import type {
  BillingPeriod,
  CoinCheckoutResponse,
  PlanId,
  SubscriptionChangeResponse,
  SubscriptionQuote,
  SubscriptionResponse,
  Subscription,
  PurchaseHistoryItem,
  UserOverview,
} from '@wayfarer/contracts';
import { qs, request } from './request';

type Token = string | null | undefined;
const auth = (token: Token) => ({ token: token ?? undefined });

/** Typed calls of the signed-in user's own area (api/src/routes/subscriptions.ts). */
export const getMyOverview = (token: Token) => request<{ ok: true; overview: UserOverview }>('/users/me/overview', auth(token));
export const getMySubscription = (token: Token) => request<SubscriptionResponse>('/subscriptions/me', auth(token));
export const quoteSubscription = (plan: PlanId, period: BillingPeriod, token: Token) =>
  request<{ ok: true; quote: SubscriptionQuote; subscription: Subscription }>(`/subscriptions/quote?${qs({ plan, period })}`, auth(token));
export const changeSubscription = (plan: PlanId, period: BillingPeriod, token: Token) =>
  request<SubscriptionChangeResponse>('/subscriptions', { method: 'POST', json: { plan, period }, ...auth(token) });
export const cancelSubscription = (token: Token) =>
  request<SubscriptionChangeResponse>('/subscriptions/cancel', { method: 'POST', json: {}, ...auth(token) });
export const getMyPurchases = (token: Token) => request<{ ok: true; items: PurchaseHistoryItem[] }>('/users/me/purchases', auth(token));
export const buyCoins = (pack: string, token: Token, idempotency_key?: string) =>
  request<CoinCheckoutResponse>('/users/me/coins/checkout', { method: 'POST', json: { pack, idempotency_key }, ...auth(token) });
export const deleteMyAccount = (confirm_email: string, token: Token) =>
  request<{ ok: true; message: string }>('/users/me', { method: 'DELETE', json: { confirm_email }, ...auth(token) });
