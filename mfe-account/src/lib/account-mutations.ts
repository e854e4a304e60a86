import { useMutation, useQueryClient } from '@wayfarer/query';
import type { BillingPeriod, PlanId, SubscriptionResponse } from '@wayfarer/contracts';
import {
  buyCoins,
  cancelSubscription,
  changeSubscription,
  deleteMyAccount,
  purchaseShopItem,
} from '@wayfarer/api-client';
import { getAccessToken, setCurrency } from '@wayfarer/session';
import { accountKeys } from './account-keys';
import { requireToken } from './account-queries';

/** Cancel at the end of the cycle: the answer is the new plan state; the overview shows it too. */
export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => cancelSubscription(await getAccessToken()),
    onSuccess: (res) => {
      qc.setQueryData<SubscriptionResponse>(accountKeys.subscription(), (old) =>
        old ? { ...old, subscription: res.subscription } : old,
      );
      void qc.invalidateQueries({ queryKey: accountKeys.overview() });
    },
  });
}

/** A plan change: the plan, its quotes, the payments and the overview all changed. */
export function useChangeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ plan, period }: { plan: PlanId; period: BillingPeriod }) =>
      changeSubscription(plan, period, await requireToken()),
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.me }),
  });
}

/**
 * A write paid in coins or for coins (idempotent per key): the balance the server answers goes to the navbar at
 * once, and the queries under `stale` are invalidated.
 */
function useCoinsMutation<V, R extends { currency: number }>(
  call: (v: V, token: string) => Promise<R>,
  stale: readonly (readonly string[])[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => call(v, await requireToken()),
    onSuccess: (res) => {
      setCurrency(res.currency);
      for (const queryKey of stale) void qc.invalidateQueries({ queryKey });
    },
  });
}

/** A shop purchase: the purchase history and the overview change. */
export const usePurchaseItem = () =>
  useCoinsMutation(
    ({ itemId, key }: { itemId: string; key: string }, t) => purchaseShopItem(itemId, t, key),
    [accountKeys.purchases(), accountKeys.overview()],
  );

/**
 * A coin top-up: with the local checkout the payments (subscription read) and the overview change; with the
 * provider's the answer is its checkout page and the balance it names is unchanged.
 */
export const useBuyCoins = () =>
  useCoinsMutation(
    ({ pack, key }: { pack: string; key: string }, t) => buyCoins(pack, t, key),
    [accountKeys.me],
  );

/** Deleting the account ends every session on the server; the page then signs this tab out. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (confirmEmail: string) => deleteMyAccount(confirmEmail, await getAccessToken()),
    onSuccess: () => qc.removeQueries({ queryKey: accountKeys.me }),
  });
}
