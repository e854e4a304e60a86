import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { signInForTests } from '../../../../testing/session';
import { adminShopKeys } from '../keys';
import type { ShopItem } from '../shop-items-api';
import { useCreateShopItem, useDeleteShopItem, useUpdateShopItem } from '../shop-items-queries';

const item = (id: string, over: Partial<ShopItem> = {}) =>
  ({
    id,
    slug: id,
    name: `Item ${id}`,
    description: '',
    price: 10,
    kind: 'item',
    image_url: null,
    is_active: true,
    sales: 0,
    revenue: 0,
    last_sold_at: null,
    ...over,
  }) as ShopItem;

let deleted: boolean;
beforeEach(() => {
  deleted = true;
  signInForTests();
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const id = new URL(String(input)).pathname.split('/')[4] ?? 'new';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Partial<ShopItem>) : {};
    if (method === 'DELETE') return new Response(JSON.stringify({ ok: true, deleted, message: 'ok' }));
    return new Response(JSON.stringify({ ok: true, item: item(id, body), message: 'ok' }));
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const ids = (client: ReturnType<typeof withQueryClient>['client']) =>
  client.getQueryData<ShopItem[]>(adminShopKeys.all)!.map((i) => `${i.id}:${i.is_active ? 'on' : 'off'}`);

test('create puts the new item first, update replaces it, delete removes it or (sold) deactivates it', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(adminShopKeys.all, [item('a'), item('b')]);
  const { result } = renderHook(
    () => ({ create: useCreateShopItem(), update: useUpdateShopItem(), remove: useDeleteShopItem() }),
    { wrapper },
  );
  await act(
    async () =>
      void (await result.current.create.mutateAsync({
        name: 'N',
        description: '',
        price: 5,
        image_url: null,
        is_active: true,
      })),
  );
  expect(ids(client)).toEqual(['new:on', 'a:on', 'b:on']);
  await act(
    async () => void (await result.current.update.mutateAsync({ id: 'a', patch: { is_active: false } })),
  );
  expect(ids(client)).toEqual(['new:on', 'a:off', 'b:on']);
  await act(async () => void (await result.current.remove.mutateAsync('new')));
  expect(ids(client)).toEqual(['a:off', 'b:on']);
  deleted = false;
  await act(async () => expect(await result.current.remove.mutateAsync('b')).toBe(false));
  expect(ids(client)).toEqual(['a:off', 'b:off']);
});
