import { useEffect } from 'react';
import { useSearchParams } from '@wayfarer/router';
import { useQueryClient } from '@wayfarer/query';
import { ApiError } from '@wayfarer/api-client';
import { fetchCurrency } from '@wayfarer/session';
import { accountKeys } from './account-keys';

/**
 * The payment provider's checkout page: a coin top-up or a paid plan change answers its address, the browser goes
 * there, and comes back to /shop or /subscribe with `?checkout=success|cancelled`. The API credits on the provider's
 * webhook, not on the way back, so the page re-reads the balance and the plan a few times after a success.
 */
export const checkoutNavigation = {
  /** A full page load of the provider's page (an object so tests can replace it: jsdom cannot navigate). */
  assign: (url: string) => window.location.assign(url),
};

/** The API's refusal when no payment provider is configured in production. */
export const isPaymentsUnavailable = (err: unknown): boolean =>
  err instanceof ApiError &&
  err.status === 503 &&
  (err.body as { code?: unknown } | null)?.code === 'payments_unavailable';

export const RETURN_REFRESHES = 5;
export const RETURN_REFRESH_MS = 2000;

export type CheckoutOutcome = 'success' | 'cancelled';

/** What the shop and the subscription page say when the provider sends the browser back. */
export const CHECKOUT_RETURN_MESSAGE = {
  success: 'payments.confirming',
  cancelled: 'payments.cancelled',
} as const satisfies Record<CheckoutOutcome, string>;

/** The outcome the provider sent the browser back with (null on an ordinary visit), refreshing after a success. */
export function useCheckoutReturn(): CheckoutOutcome | null {
  const [params] = useSearchParams();
  const raw = params.get('checkout');
  const outcome: CheckoutOutcome | null = raw === 'success' || raw === 'cancelled' ? raw : null;
  const qc = useQueryClient();
  useEffect(() => {
    if (outcome !== 'success') return;
    const refresh = () => {
      void fetchCurrency();
      void qc.invalidateQueries({ queryKey: accountKeys.me });
    };
    refresh();
    let n = 0;
    const timer = setInterval(() => {
      refresh();
      if (++n >= RETURN_REFRESHES) clearInterval(timer);
    }, RETURN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [outcome, qc]);
  return outcome;
}
