import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ShopItemsResponse } from '@wayfarer/contracts';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actors } from './product-helpers';

let s: TestServer;
let a: Actors;
beforeAll(async () => ({ s, a } = await seededServer()), 120_000);
afterAll(() => s?.close());

describe('currency and shop', () => {
  it('concurrent purchases never overdraw and the balance stays exact', async () => {
    expect((await call(s, 'GET', '/users/currency', a.anon)).status).toBe(401);
    await s.db.query(
      "INSERT INTO public.currency_ledger (user_id, amount, reason) VALUES ($1, 230, 'grant')",
      [a.user.id],
    );
    const items = (await call(s, 'GET', '/shop/items', null)).body.items as Array<{
      id: string;
      price: number;
      slug: string;
    }>;
    const credit = items.find((i) => i.slug === 'guide-credit')!;
    expect(credit.price).toBe(50);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(s, 'POST', '/shop/purchase', a.user, { item_id: credit.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(4);
    expect(refused[0].body.error).toMatch(/Not enough coins/);
    expect((await call(s, 'GET', '/users/currency', a.user)).body).toEqual({ currency: 30 });
  });

  it('an idempotency key charges once', async () => {
    await s.db.query(
      "INSERT INTO public.currency_ledger (user_id, amount, reason) VALUES ($1, 100, 'grant')",
      [a.other.id],
    );
    const items = (await call(s, 'GET', '/shop/items', null)).body.items as Array<{
      id: string;
      slug: string;
    }>;
    const id = items.find((i) => i.slug === 'guide-credit')!.id;
    const r1 = await call(s, 'POST', '/shop/purchase', a.other, { item_id: id, idempotency_key: 'k1' });
    const r2 = await call(s, 'POST', '/shop/purchase', a.other, { item_id: id, idempotency_key: 'k1' });
    expect(r2.body.purchase_id).toBe(r1.body.purchase_id);
    expect((await call(s, 'GET', '/users/currency', a.other)).body.currency).toBe(50);
    expect((await call(s, 'POST', '/shop/purchase', a.other, { item_id: 'bad' })).status).toBe(400);
  });

  it('the public item list gives the picture an admin set (or null), in the contract shape', async () => {
    const created = await call(s, 'POST', '/admin/shop/items', a.admin, {
      name: 'Harbour map',
      description: 'A printed map.',
      price: 75,
      image_url: 'https://img.example.test/harbour-map.png',
    });
    expect(created.status).toBe(200);
    const id = created.body.item.id as string;
    const list = async () => {
      const r = await call(s, 'GET', '/shop/items', null);
      expect(r.status).toBe(200);
      return ShopItemsResponse.parse(r.body).items;
    };
    let items = await list();
    expect(items.find((i) => i.id === id)).toMatchObject({
      name: 'Harbour map',
      image_url: 'https://img.example.test/harbour-map.png',
    });
    expect(items.find((i) => i.slug === 'guide-credit')).toHaveProperty('image_url', null);
    // An API-relative picture and its removal come through too.
    await call(s, 'PUT', `/admin/shop/items/${id}`, a.admin, {
      image_url: '/sights/images/file/shop/harbour.webp',
    });
    items = await list();
    expect(items.find((i) => i.id === id)!.image_url).toBe('/sights/images/file/shop/harbour.webp');
    await call(s, 'PUT', `/admin/shop/items/${id}`, a.admin, { image_url: null });
    items = await list();
    expect(items.find((i) => i.id === id)!.image_url).toBeNull();
  });

  it('presence heartbeats show up in online users', async () => {
    expect(
      (await call(s, 'POST', '/presence/heartbeat', a.user, { session_id: 'sess-1', path: '/places' }))
        .status,
    ).toBe(200);
    expect((await call(s, 'POST', '/presence/heartbeat', a.anon, {})).status).toBe(400);
    const online = await call(s, 'GET', '/admin/online-users', a.admin);
    expect(online.body.onlineUsers.some((u: { id: string }) => u.id === a.user.id)).toBe(true);
  });
});
