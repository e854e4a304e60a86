import type {
  AvatarResponse,
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
import { ApiError, AppError, errorMessage, parseBody, qs, request, resolveApiBase } from './request';

type Token = string | null | undefined;
const auth = (token: Token) => ({ token: token ?? undefined });

/** Typed calls of the signed-in user's own area (api/src/routes/subscriptions.ts). */
export const getMyOverview = (token: Token) =>
  request<{ ok: true; overview: UserOverview }>('/users/me/overview', auth(token));
export const getMySubscription = (token: Token) =>
  request<SubscriptionResponse>('/subscriptions/me', auth(token));
export const quoteSubscription = (plan: PlanId, period: BillingPeriod, token: Token) =>
  request<{ ok: true; quote: SubscriptionQuote; subscription: Subscription }>(
    `/subscriptions/quote?${qs({ plan, period })}`,
    auth(token),
  );
export const changeSubscription = (plan: PlanId, period: BillingPeriod, token: Token) =>
  request<SubscriptionChangeResponse>('/subscriptions', {
    method: 'POST',
    json: { plan, period },
    ...auth(token),
  });
export const cancelSubscription = (token: Token) =>
  request<SubscriptionChangeResponse>('/subscriptions/cancel', { method: 'POST', json: {}, ...auth(token) });
export const getMyPurchases = (token: Token) =>
  request<{ ok: true; items: PurchaseHistoryItem[] }>('/users/me/purchases', auth(token));
export const buyCoins = (pack: string, token: Token, idempotency_key?: string) =>
  request<CoinCheckoutResponse>('/users/me/coins/checkout', {
    method: 'POST',
    json: { pack, idempotency_key },
    ...auth(token),
  });
export const deleteMyAccount = (confirm_email: string, token: Token) =>
  request<{ ok: true; message: string }>('/users/me', {
    method: 'DELETE',
    json: { confirm_email },
    ...auth(token),
  });

/** DELETE /users/me/avatar. */
export const deleteMyAvatar = (token: Token) =>
  request<{ ok: true; message: string }>('/users/me/avatar', { method: 'DELETE', ...auth(token) });

/**
 * PUT /users/me/avatar (the cropped image as a data URL) through XMLHttpRequest, because fetch cannot report
 * upload progress. A failure is an ApiError carrying the server's answer, like request()'s; a network failure
 * or the 60 s time-out is an AppError ('Upload failed', 'Upload failed: the server took too long').
 */
export function uploadMyAvatar(
  image: string,
  token: Token,
  onProgress: (pct: number) => void,
): Promise<AvatarResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${resolveApiBase()}/users/me/avatar`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as AvatarResponse);
      } else reject(new ApiError(errorMessage(body, xhr.statusText), xhr.status, body));
    };
    xhr.onerror = () => reject(new AppError('Upload failed'));
    xhr.ontimeout = () => reject(new AppError('Upload failed: the server took too long'));
    xhr.send(JSON.stringify({ image }));
  });
}
