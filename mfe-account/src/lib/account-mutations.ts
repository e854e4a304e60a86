import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingPeriod, PlanId, SubscriptionResponse } from '@wayfarer/contracts';
import { buyCoins, cancelSubscription, changeSubscription, deleteMyAccount, purchaseShopItem } from '@wayfarer/api-client';
import { getAccessToken, setCurrency } from '@wayfarer/session';
import { accountKeys } from './account-keys';
import { requireToken } from './account-queries';

/** Cancel at the end of the cycle: the answer is the new plan state; the overview shows it too. */
export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => cancelSubscription(await getAccessToken()),
    onSuccess: (res) => {
      qc.setQueryData<SubscriptionResponse>(accountKeys.subscription(), (old) => (old ? { ...old, subscription: res.subscription } : old));
      void qc.invalidateQueries({ queryKey: accountKeys.overview() });
    },
  });
}

/** A plan change: the plan, its quotes, the payments and the overview all changed. */
export function useChangeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ plan, period }: { plan: PlanId; period: BillingPeriod }) => changeSubscription(plan, period, await requireToken()),
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.me }),
  });
}

/** A purchase (idempotent per key): the balance the server answers, the history and the overview. */
export function usePurchaseItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, key }: { itemId: string; key: string }) => purchaseShopItem(itemId, await requireToken(), key),
    onSuccess: (res) => {
      setCurrency(res.currency);
      void qc.invalidateQueries({ queryKey: accountKeys.purchases() });
      void qc.invalidateQueries({ queryKey: accountKeys.overview() });
    },
  });
}

/** A coin top-up through the local checkout (idempotent per key). */
export function useBuyCoins() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ pack, key }: { pack: string; key: string }) => buyCoins(pack, await requireToken(), key),
    onSuccess: (res) => {
      setCurrency(res.currency);
      void qc.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}

/** Deleting the account ends every session on the server; the page then signs this tab out. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (confirmEmail: string) => deleteMyAccount(confirmEmail, await getAccessToken()),
    onSuccess: () => qc.removeQueries({ queryKey: accountKeys.me }),
  });
}
