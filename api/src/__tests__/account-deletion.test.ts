import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { anonKey, signJwt } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actor, type Actors } from './product-helpers';

/**
 * A token outlives nothing: after DELETE /users/me (or a sign-out everywhere) the same access token is a 401 on
 * every route, and what the account added to other people's rows (likes, ratings) is taken back at once.
 */

let s: TestServer;
let a: Actors;
let anon: string;
beforeAll(async () => {
  ({ s, a } = await seededServer());
  anon = await anonKey(s.config.jwtSecret);
}, 120_000);
afterAll(() => s?.close());

const SIGHT = 'wd-Q243';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A signed-in account (Actor with its id, token and e-mail known). */
type Member = Actor & { id: string; token: string; email: string };

/** A fresh confirmed user signed in through /auth/v1/token (a real session, so the token carries session_id). */
async function signedIn(): Promise<Member> {
  const u = await createUser(s.db);
  const r = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({ email: u.email, password: u.password }),
  });
  expect(r.status).toBe(200);
  const session = (await r.json()) as { access_token: string };
  return { id: u.id, token: session.access_token, email: u.email };
}

const gotrue = (path: string, token: string) =>
  fetch(`${s.url}/auth/v1${path}`, { headers: { apikey: anon, authorization: `Bearer ${token}` } });

async function deleteAccount(u: Member) {
  const r = await call(s, 'DELETE', '/users/me', u, { confirm_email: u.email });
  expect(r.status).toBe(200);
}

/** Every table with a user column the product writes to, and the rows it still holds for this user. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [
    'comments',
    'comment_likes',
    'sight_images',
    'currency_ledger',
    'purchases',
    'subscriptions',
    'payments',
    'guides',
    'avatars',
    'presence',
  ]) {
    out[t] = (await s.db.query(`SELECT 1 FROM public.${t} WHERE user_id = $1`, [userId])).rowCount;
  }
  out.profiles = (await s.db.query('SELECT 1 FROM public.profiles WHERE id = $1', [userId])).rowCount;
  return out;
}

describe('a deleted account', () => {
  it('answers 401 to its old token on every write and read, and writes nothing', async () => {
    const other = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Still here' });
    const item = (await call(s, 'GET', '/shop/items', null)).body.items[0] as { id: string };
    const gone = await signedIn();
    await deleteAccount(gone);

    const writes: Array<[string, string, unknown]> = [
      ['POST', `/sights/${SIGHT}/comments`, { body: 'From beyond', rating: 5 }],
      ['POST', `/comments/${other.body.id}/like`, undefined],
      ['POST', '/users/me/coins/checkout', { pack: 'coins-100' }],
      ['PUT', '/users/me/avatar', { image: `data:image/png;base64,${PNG}` }],
      ['POST', '/subscriptions', { plan: 'premium', period: 'monthly' }],
      ['POST', '/sights/generate-guide', { sight_id: SIGHT }],
      ['POST', '/shop/purchase', { item_id: item.id }],
      ['POST', '/presence/heartbeat', { session_id: 'gone-tab', path: '/explore' }],
      ['DELETE', '/users/me', { confirm_email: gone.email }],
      ['GET', '/users/currency', undefined],
      ['GET', '/subscriptions/me', undefined],
      ['GET', '/guides/usage', undefined],
    ];
    for (const [method, path, body] of writes) {
      const r = await call(s, method, path, gone, body);
      expect({ route: `${method} ${path}`, status: r.status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
      expect(r.body.code).toMatch(/^(user|session)_not_found$/);
    }
    expect(Object.values(await rowsOf(gone.id)).every((n) => n === 0)).toBe(true);

    // GoTrue's /user answers 401 with the code supabase-js reads to drop its stored session.
    const user = await gotrue('/user', gone.token);
    expect(user.status).toBe(401);
    expect(((await user.json()) as { code: string }).code).toBe('session_not_found');
    const rest = await fetch(`${s.url}/rest/v1/profiles?select=*`, {
      headers: { apikey: anon, authorization: `Bearer ${gone.token}` },
    });
    expect(rest.status).toBe(401);
    const upsert = await fetch(`${s.url}/rest/v1/profiles`, {
      method: 'POST',
      headers: {
        apikey: anon,
        authorization: `Bearer ${gone.token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates',
      },
      body: JSON.stringify({ id: gone.id, display_name: 'Ghost' }),
    });
    expect(upsert.status).toBe(401);
    expect((await rowsOf(gone.id)).profiles).toBe(0);
  });

  it('a token without a session claim is refused on the user alone', async () => {
    const u = await createUser(s.db);
    const token = await signJwt(
      s.config.jwtSecret,
      { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    const actor = { id: u.id, token, email: u.email };
    expect((await call(s, 'GET', '/users/currency', actor)).status).toBe(200);
    await deleteAccount(actor);
    const r = await call(s, 'POST', `/sights/${SIGHT}/comments`, actor, { body: 'x' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('user_not_found');
    const me = await gotrue('/user', token);
    expect(me.status).toBe(401);
    expect(((await me.json()) as { code: string }).code).toBe('user_not_found');
  });

  it('sign-out everywhere ends the access tokens of every session', async () => {
    const first = await signedIn();
    const u = (await s.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [first.id]))
      .rows[0]!;
    const second = await (async () => {
      const r = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email: u.email, password: 'test-password-123' }),
      });
      return {
        id: first.id,
        token: ((await r.json()) as { access_token: string }).access_token,
        email: first.email,
      };
    })();
    expect((await call(s, 'GET', '/users/currency', second)).status).toBe(200);
    const out = await fetch(`${s.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: anon, authorization: `Bearer ${first.token}` },
    });
    expect(out.status).toBe(204);
    for (const actor of [first, second]) {
      const r = await call(s, 'POST', `/sights/${SIGHT}/comments`, actor, { body: 'after sign-out' });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('session_not_found');
      expect((await gotrue('/user', actor.token)).status).toBe(401);
    }
    // Signing in again works: the account is fine, only the old sessions ended.
    expect((await signedIn()).token).toBeTruthy();
  });
});

describe('deleting an account takes back its likes and ratings', () => {
  type Sight = { id: string; latitude: number; longitude: number; ratings_count: number; rating_avg: number };
  const detail = async () => (await call(s, 'GET', `/sights/detail/${SIGHT}`, null)).body.sight as Sight;
  const nearbyItem = async (sight: Sight) => {
    const r = await fetch(`${s.url}/sights/nearby?lat=${sight.latitude}&lon=${sight.longitude}&km=1`);
    expect(r.headers.get('x-nearby-source')).toBe('index');
    const items = ((await r.json()) as { items: Sight[] }).items;
    return items.find((i) => i.id === SIGHT)!;
  };

  it('in the comment list, the sight detail and the nearby index, in the same request', async () => {
    // Build the nearby index first, so the check below reads it (and not the SQL fallback).
    await fetch(`${s.url}/sights/nearby?lat=0&lon=0&km=1`);
    await s.app.deps.sightIndex.settled();
    const ratedBefore = await s.db.query<{ n: number; sum: number }>(
      'SELECT count(*)::int AS n, COALESCE(sum(rating), 0)::int AS sum FROM public.comments WHERE sight_id = $1 AND rating IS NOT NULL AND parent_id IS NULL',
      [SIGHT],
    );
    const { n, sum } = ratedBefore.rows[0]!;

    const kept = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'Lovely', rating: 4 });
    const gone = await signedIn();
    const mine = await call(s, 'POST', `/sights/${SIGHT}/comments`, gone, { body: 'Awful', rating: 1 });
    expect(mine.status).toBe(201);
    expect((await call(s, 'POST', `/comments/${kept.body.id}/like`, gone)).body).toEqual({
      liked: true,
      likes_count: 1,
    });
    expect((await call(s, 'POST', `/comments/${kept.body.id}/like`, a.admin)).body).toEqual({
      liked: true,
      likes_count: 2,
    });
    // A reply by someone else under the doomed comment goes with it.
    expect(
      (
        await call(s, 'POST', `/sights/${SIGHT}/comments`, a.other, {
          body: 'Really?',
          parent_id: mine.body.id,
        })
      ).status,
    ).toBe(201);

    const before = await detail();
    expect(before.ratings_count).toBe(n + 2);
    expect(before.rating_avg).toBeCloseTo(Math.round(((sum + 5) / (n + 2)) * 100) / 100, 2);
    expect(await nearbyItem(before)).toMatchObject({ ratings_count: n + 2, rating_avg: before.rating_avg });

    await deleteAccount(gone);

    const after = await detail();
    expect(after.ratings_count).toBe(n + 1);
    expect(after.rating_avg).toBeCloseTo(Math.round(((sum + 4) / (n + 1)) * 100) / 100, 2);
    expect(await nearbyItem(after)).toMatchObject({ ratings_count: n + 1, rating_avg: after.rating_avg });
    const list = (await call(s, 'GET', `/sights/${SIGHT}/comments`, a.admin)).body.items as Array<{
      id: string;
      likes_count: number;
      user_liked: boolean;
    }>;
    expect(list.find((c) => c.id === kept.body.id)).toMatchObject({ likes_count: 1, user_liked: true });
    expect(list.some((c) => c.id === mine.body.id)).toBe(false);
    expect(Object.values(await rowsOf(gone.id)).every((x) => x === 0)).toBe(true);
  });
});
