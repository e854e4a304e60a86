import { act, renderHook } from '@testing-library/react';
import { withQueryClient } from '@wayfarer/session/testing';
import { useDeleteAvatar } from '../../features/account/api/profile-queries';
import { EMPTY_PROFILE, type ProfileRow } from '../../features/account/api/profile-api';
import { mockApi, resetSession, signedIn, TEST_USER, balance } from '../../testing/api-mock';
import { accountKeys } from '../account-keys';
import { useCancelSubscription, usePurchaseItem } from '../account-mutations';

afterEach(resetSession);

test('a purchase sets the balance and invalidates the purchase history and the overview', async () => {
  signedIn();
  mockApi((c) =>
    c.path === '/shop/purchase' ? { body: { ok: true, purchase_id: 'p1', currency: 70 } } : undefined,
  );
  const { client, wrapper } = withQueryClient();
  client.setQueryData(accountKeys.purchases(), []);
  client.setQueryData(accountKeys.overview(), {});
  client.setQueryData(accountKeys.shopItems(), []);
  const { result } = renderHook(() => usePurchaseItem(), { wrapper });
  await act(async () => void (await result.current.mutateAsync({ itemId: 'i1', key: 'k1' })));
  expect(balance()).toBe(70);
  expect(client.getQueryState(accountKeys.purchases())!.isInvalidated).toBe(true);
  expect(client.getQueryState(accountKeys.overview())!.isInvalidated).toBe(true);
  expect(client.getQueryState(accountKeys.shopItems())!.isInvalidated).toBe(false);
});

test('cancelling takes the answered plan into the cache and invalidates the overview', async () => {
  signedIn();
  const ending = { plan: 'premium', status: 'active', cancel_at_period_end: true };
  mockApi((c) =>
    c.path === '/subscriptions/cancel'
      ? { body: { ok: true, subscription: ending, message: 'Ends.' } }
      : undefined,
  );
  const { client, wrapper } = withQueryClient();
  client.setQueryData(accountKeys.subscription(), {
    ok: true,
    subscription: { plan: 'premium', status: 'active', cancel_at_period_end: false },
    payments: [],
  });
  client.setQueryData(accountKeys.overview(), {});
  const { result } = renderHook(() => useCancelSubscription(), { wrapper });
  await act(async () => void (await result.current.mutateAsync()));
  expect(client.getQueryData<{ subscription: unknown }>(accountKeys.subscription())!.subscription).toEqual(
    ending,
  );
  expect(client.getQueryState(accountKeys.overview())!.isInvalidated).toBe(true);
});

/** The profile tables, for the navbar's user that an avatar change reads again. */
const tables = {
  from: () => ({
    select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: null, error: null }) }) }),
  }),
};

test('removing the avatar clears it in the cached profile; without a session nothing is sent', async () => {
  signedIn(tables);
  const calls = mockApi((c) =>
    c.path === '/users/me/avatar' ? { body: { ok: true, message: 'Removed' } } : { body: {} },
  );
  const { client, wrapper } = withQueryClient();
  client.setQueryData<ProfileRow>(accountKeys.profile(TEST_USER.id), {
    ...EMPTY_PROFILE,
    display_name: 'Ada',
    avatar_url: '/avatars/u',
  });
  const { result } = renderHook(() => useDeleteAvatar(TEST_USER.id), { wrapper });
  await act(async () => void (await result.current.mutateAsync()));
  expect(calls.find((c) => c.path === '/users/me/avatar')).toMatchObject({
    method: 'DELETE',
    auth: 'Bearer tok',
  });
  expect(client.getQueryData<ProfileRow>(accountKeys.profile(TEST_USER.id))).toMatchObject({
    display_name: 'Ada',
    avatar_url: null,
  });

  signedIn({ auth: { getSession: async () => ({ data: { session: null }, error: null }) } });
  const none = mockApi(() => undefined);
  await act(async () =>
    expect(await result.current.mutateAsync().catch((e: Error) => e.message)).toBe('Authentication required'),
  );
  expect(none).toEqual([]);
});
