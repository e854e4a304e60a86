import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actors } from './product-helpers';

let s: TestServer;
let a: Actors;
beforeAll(async () => ({ s, a } = await seededServer()), 120_000);
afterAll(() => s?.close());

const SIGHT = 'wd-Q243';

const rows = async (sql: string, params: unknown[]) => (await s.db.query(sql, params)).rows;

describe('idempotency keys on offline writes', () => {
  it('makes one comment for a key sent twice, and answers both with the first one', async () => {
    const key = randomUUID();
    const body = { body: 'Sent from a basement', rating: 4, idempotency_key: key };
    const first = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, body);
    const again = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const made = await rows('SELECT id FROM public.comments WHERE user_id = $1 AND idempotency_key = $2', [
      a.user.id,
      key,
    ]);
    expect(made).toHaveLength(1);
    const list = await call(s, 'GET', `/sights/${SIGHT}/comments`, null);
    expect(list.body.items.filter((c: { body: string }) => c.body === 'Sent from a basement')).toHaveLength(
      1,
    );
  });

  it('keeps keys per user, and refuses a key reused for another sight with a 409', async () => {
    const key = randomUUID();
    const mine = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, {
      body: 'a',
      idempotency_key: key,
    });
    const theirs = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.other, {
      body: 'a',
      idempotency_key: key,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const elsewhere = await call(s, 'POST', '/sights/wd-Q695604/comments', a.user, {
      body: 'a',
      idempotency_key: key,
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message ?? elsewhere.body.error).toMatch(/idempotency_key/);
  });

  it('answers 400 with a message for a key that is not a UUID', async () => {
    for (const bad of ['nope', 42, '', '00000000-0000-0000-0000-00000000000g']) {
      const c = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, {
        body: 'x',
        idempotency_key: bad,
      });
      expect(c.status).toBe(400);
      expect(JSON.stringify(c.body)).toMatch(/idempotency_key/);
    }
    const target = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'like target' });
    const l = await call(s, 'POST', `/comments/${target.body.id}/like`, a.user, { idempotency_key: 'x' });
    expect(l.status).toBe(400);
    expect(JSON.stringify(l.body)).toMatch(/idempotency_key/);
  });

  it('applies a like toggle once per key, with the same answer, and still toggles without a key', async () => {
    const c = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Like me once' });
    const id = c.body.id as string;
    const key = randomUUID();
    const first = await call(s, 'POST', `/comments/${id}/like`, a.other, { idempotency_key: key });
    // Sent again (the answer was lost), also concurrently: nothing toggles back.
    const again = await Promise.all(
      [1, 2, 3].map(() => call(s, 'POST', `/comments/${id}/like`, a.other, { idempotency_key: key })),
    );
    expect(first.body).toEqual({ liked: true, likes_count: 1 });
    for (const r of again) expect(r).toEqual({ status: 200, body: first.body });
    expect(await rows('SELECT 1 FROM public.comment_likes WHERE comment_id = $1', [id])).toHaveLength(1);
    expect(
      await rows('SELECT 1 FROM public.comment_like_requests WHERE user_id = $1 AND idempotency_key = $2', [
        a.other.id,
        key,
      ]),
    ).toHaveLength(1);
    // A new key is a new toggle; no body at all is the old toggle.
    const un = await call(s, 'POST', `/comments/${id}/like`, a.other, { idempotency_key: randomUUID() });
    expect(un.body).toEqual({ liked: false, likes_count: 0 });
    expect((await call(s, 'POST', `/comments/${id}/like`, a.other)).body).toEqual({
      liked: true,
      likes_count: 1,
    });
    // The key of a like on another comment is refused.
    const other = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Another' });
    const reused = await call(s, 'POST', `/comments/${other.body.id}/like`, a.other, {
      idempotency_key: key,
    });
    expect(reused.status).toBe(409);
  });
});
