import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actors } from './product-helpers';

let s: TestServer;
let a: Actors;
beforeAll(async () => ({ s, a } = await seededServer()), 120_000);
afterAll(() => s?.close());

const SIGHT = 'wd-Q243';

describe('comments', () => {
  it('posts, lists with user fields and updates the sight rating', async () => {
    expect((await call(s, 'POST', `/sights/${SIGHT}/comments`, a.anon, { body: 'hi' })).status).toBe(401);
    expect((await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: '' })).status).toBe(400);
    expect(
      (await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'x'.repeat(2001) })).status,
    ).toBe(400);
    expect(
      (await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'ok', rating: 6 })).status,
    ).toBe(400);
    expect((await call(s, 'POST', '/sights/nope/comments', a.user, { body: 'ok' })).status).toBe(404);
    const c1 = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Great view', rating: 5 });
    expect(c1.status).toBe(201);
    expect(c1.body.id).toBeTruthy();
    await call(s, 'POST', `/sights/${SIGHT}/comments`, a.other, { body: 'Crowded', rating: 2 });
    const detail = await call(s, 'GET', `/sights/detail/${SIGHT}`, null);
    expect(detail.body.sight.ratings_count).toBe(2);
    expect(detail.body.sight.rating_avg).toBeCloseTo(3.5);
    const reply = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.other, {
      body: 'Agreed',
      parent_id: c1.body.id,
    });
    expect(reply.status).toBe(201);
    const otherSight = await call(s, 'POST', '/sights/wd-Q695604/comments', a.other, {
      body: 'x',
      parent_id: c1.body.id,
    });
    expect(otherSight.status).toBe(400);
    const list = await call(s, 'GET', `/sights/${SIGHT}/comments`, a.user);
    const first = list.body.items.find((c: { id: string }) => c.id === c1.body.id);
    expect(first).toMatchObject({ reply_count: 1, likes_count: 0, user_liked: false, rating: 5 });
    expect(first.user.display_name).toBeTruthy();
  });

  it('toggles likes exactly under concurrency', async () => {
    const c = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Like me' });
    expect((await call(s, 'POST', `/comments/${c.body.id}/like`, a.anon)).status).toBe(401);
    // 11 concurrent toggles by one user end liked; one toggle by each other actor adds one.
    await Promise.all(
      Array.from({ length: 11 }, () => call(s, 'POST', `/comments/${c.body.id}/like`, a.other)),
    );
    await Promise.all([
      call(s, 'POST', `/comments/${c.body.id}/like`, a.user),
      call(s, 'POST', `/comments/${c.body.id}/like`, a.admin),
    ]);
    const list = await call(s, 'GET', `/sights/${SIGHT}/comments`, a.other);
    const row = list.body.items.find((x: { id: string }) => x.id === c.body.id);
    expect(row.likes_count).toBe(3);
    expect(row.user_liked).toBe(true);
    const un = await call(s, 'POST', `/comments/${c.body.id}/like`, a.other);
    expect(un.body).toEqual({ liked: false, likes_count: 2 });
  });

  it('authorization matrix for edit and delete', async () => {
    const mk = async () =>
      (await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Mine', rating: 4 })).body
        .id as string;
    const id = await mk();
    expect((await call(s, 'PATCH', `/comments/${id}`, a.anon, { body: 'x' })).status).toBe(401);
    expect((await call(s, 'PATCH', `/comments/${id}`, a.other, { body: 'x' })).status).toBe(403);
    expect((await call(s, 'PATCH', `/comments/${id}`, a.user, { body: 'Edited' })).status).toBe(200);
    expect((await call(s, 'PATCH', `/comments/${id}`, a.admin, { rating: 1 })).status).toBe(200);
    expect((await call(s, 'DELETE', `/comments/${id}`, a.anon)).status).toBe(401);
    expect((await call(s, 'DELETE', `/comments/${id}`, a.other)).status).toBe(403);
    await call(s, 'POST', `/sights/${SIGHT}/comments`, a.other, { body: 'reply', parent_id: id });
    expect((await call(s, 'DELETE', `/comments/${id}`, a.user)).status).toBe(200);
    const list = await call(s, 'GET', `/sights/${SIGHT}/comments`, null);
    expect(
      list.body.items.some(
        (c: { id: string; parent_id: string | null }) => c.id === id || c.parent_id === id,
      ),
    ).toBe(false);
    const id2 = await mk();
    expect((await call(s, 'DELETE', `/comments/${id2}`, a.admin)).status).toBe(200);
    expect((await call(s, 'DELETE', `/comments/${id2}`, a.admin)).status).toBe(404);
    expect((await call(s, 'DELETE', '/comments/not-a-uuid', a.admin)).status).toBe(400);
  });
});
