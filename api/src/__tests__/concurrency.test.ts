import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { anonKey } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import type { TestServer } from '../testing/test-server';
import { call, newActor as productActor, seededServer, type Actor, type Actors } from './product-helpers';

/**
 * Requests that race. On PGlite (one connection) requests take turns, so these pin the rules; on the throwaway
 * PostgreSQL of `pnpm test` (DATABASE_URL) they really run in parallel, on a pool of connections, and hit the
 * interleavings: the sign-up race, likes and ratings under concurrent writes, purchases against a limited
 * balance, and an account deleted while it and others keep writing.
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
let n = 0;

/** An account with its id, token and e-mail known. */
type Member = Actor & { id: string; token: string; email: string };

/** A fresh confirmed user and an access token for it. */
const newActor = (): Promise<Member> => productActor(s);

const signup = async (email: string) => {
  const r = await fetch(`${s.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'race-pass-1', data: { name: 'Rae Race', firstName: 'Rae' } }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

/** The sight's stored rating next to the one its comments give (each user's latest rating). */
async function ratingOf(sightId: string) {
  const r = await s.db.query<{ count: number; avg: string; real_count: number; real_avg: string | null }>(
    `SELECT s.ratings_count AS count, s.rating_avg::text AS avg, c.n AS real_count, round(c.avg, 2)::text AS real_avg
       FROM public.sights s,
            (SELECT count(*)::int AS n, avg(rating) AS avg FROM (
               SELECT DISTINCT ON (user_id) rating FROM public.comments
                WHERE sight_id = $1 AND rating IS NOT NULL AND parent_id IS NULL
                ORDER BY user_id, created_at DESC, id DESC) latest) c
      WHERE s.id = $1`,
    [sightId],
  );
  return r.rows[0]!;
}

/** Comments whose stored likes_count differs from their likes. */
const wrongLikeCounts = async () =>
  (
    await s.db.query<{ id: string }>(
      'SELECT c.id FROM public.comments c WHERE c.likes_count <> (SELECT count(*) FROM public.comment_likes l WHERE l.comment_id = c.id)',
    )
  ).rows;

describe('the sign-up race', () => {
  it('parallel sign-ups of one new address make one user; the others get a repeated sign-up answer, which names nothing real', async () => {
    const email = `race${Date.now()}${++n}@test.local`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => signup(email)));
    const repeat = await signup(email);
    const all = [...answers, repeat];
    for (const answer of all) {
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(email);
    }
    const users = await s.db.query<{ id: string }>('SELECT id FROM auth.users WHERE lower(email) = $1', [
      email,
    ]);
    expect(users.rows).toHaveLength(1);
    expect(
      (await s.db.query('SELECT 1 FROM auth.identities WHERE user_id = $1', [users.rows[0]!.id])).rowCount,
    ).toBe(1);
    // One answer is the new account's; every other one has its shape but a made-up id and no identities, as GoTrue
    // answers a sign-up of a taken address.
    const real = all.filter((a) => a.body.id === users.rows[0]!.id);
    expect(real).toHaveLength(1);
    expect(real[0]!.body.identities).toHaveLength(1);
    for (const answer of all.filter((a) => a !== real[0])) {
      expect(Object.keys(answer.body).sort()).toEqual(Object.keys(real[0]!.body).sort());
      expect(answer.body.identities).toEqual([]);
    }
    // Every sign-up mailed a code; only the last one mailed is still valid, and it confirms the account.
    const live = await s.db.query(
      "SELECT 1 FROM wf_auth.otp_codes WHERE user_id = $1 AND used_at IS NULL AND purpose = 'signup'",
      [users.rows[0]!.id],
    );
    expect(live.rowCount).toBe(1);
    const mail = (await (
      await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ code: string }>;
    expect(mail).toHaveLength(7);
    const verify = await fetch(`${s.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email, token: mail[0]!.code, type: 'signup' }),
    });
    expect(verify.status).toBe(200);
  });

  it('parallel sign-ups of a confirmed address all get the obfuscated answer, none of them its id, and mail nothing', async () => {
    const u = await createUser(s.db);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signup(u.email)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ email: u.email, identities: [] });
      expect(answer.body.id).not.toBe(u.id);
      expect(answer.body.email_confirmed_at ?? null).toBeNull();
    }
    const mail = (await (
      await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(u.email)}`)
    ).json()) as unknown[];
    expect(mail).toEqual([]);
  });

  it('one code sent twice at once opens one session', async () => {
    const email = `twice${Date.now()}${++n}@test.local`;
    await signup(email);
    const mail = (await (
      await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ code: string }>;
    const verify = () =>
      fetch(`${s.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email, token: mail[0]!.code, type: 'signup' }),
      }).then((r) => r.status);
    const statuses = await Promise.all([verify(), verify(), verify()]);
    expect(statuses.sort()).toEqual([200, 403, 403]);
  });

  it('parallel Google consents for one new address make one user', async () => {
    const email = `gina${Date.now()}${++n}@test.local`;
    const consent = () =>
      fetch(`${s.url}/auth/v1/authorize/consent`, {
        method: 'POST',
        body: new URLSearchParams({
          email,
          name: 'Gina Race',
          code_challenge: 'abc',
          redirect_to: 'http://localhost:3000/',
        }),
        redirect: 'manual',
      }).then((r) => r.status);
    expect(await Promise.all(Array.from({ length: 4 }, consent))).toEqual([303, 303, 303, 303]);
    expect((await s.db.query('SELECT 1 FROM auth.users WHERE lower(email) = $1', [email])).rowCount).toBe(1);
    expect(
      (await s.db.query("SELECT 1 FROM auth.identities WHERE email = $1 AND provider = 'google'", [email]))
        .rowCount,
    ).toBe(1);
  });
});

describe('likes and ratings under concurrent writes', () => {
  it('keeps likes_count exact when many users toggle many comments at once', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => newActor()));
    const comments: string[] = [];
    for (let i = 0; i < 3; i++)
      comments.push(
        (await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: `Like race ${i}` })).body
          .id as string,
      );
    // User u toggles comment c (u + c) % 3 + 1 times: liked when that is odd.
    const toggles = users.flatMap((u, ui) =>
      comments.flatMap((c, ci) =>
        Array.from({ length: ((ui + ci) % 3) + 1 }, () => () => call(s, 'POST', `/comments/${c}/like`, u)),
      ),
    );
    const answers = await Promise.all(toggles.map((t) => t()));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    for (const [ci, c] of comments.entries()) {
      const expected = users.filter((_u, ui) => (((ui + ci) % 3) + 1) % 2 === 1).length;
      const row = await s.db.query<{ likes_count: number }>(
        'SELECT likes_count FROM public.comments WHERE id = $1',
        [c],
      );
      expect(row.rows[0]!.likes_count).toBe(expected);
    }
    expect(await wrongLikeCounts()).toEqual([]);
  });

  it('keeps ratings_count and rating_avg exact when ratings are posted, changed and deleted at once', async () => {
    const SIGHT2 = 'wd-Q695604';
    const users = await Promise.all(Array.from({ length: 6 }, () => newActor()));
    const first = await Promise.all(
      users.map((u, i) =>
        call(s, 'POST', `/sights/${SIGHT2}/comments`, u, { body: `Rated ${i}`, rating: (i % 5) + 1 }),
      ),
    );
    expect(first.every((r) => r.status === 201)).toBe(true);
    const second = await Promise.all([
      ...users.map((u, i) =>
        call(s, 'POST', `/sights/${SIGHT2}/comments`, u, { body: `Again ${i}`, rating: 5 - (i % 5) }),
      ),
      ...users
        .slice(0, 3)
        .map((u, i) => call(s, 'PATCH', `/comments/${first[i]!.body.id}`, u, { rating: 1 })),
      ...users.slice(3).map((u, i) => call(s, 'DELETE', `/comments/${first[i + 3]!.body.id}`, u)),
    ]);
    expect(second.map((r) => r.status).filter((st) => st >= 300)).toEqual([]);
    const r = await ratingOf(SIGHT2);
    expect(r.count).toBe(r.real_count);
    expect(r.avg).toBe(r.real_avg ?? '0.00');
    // Each of the six still has a rated comment, and one traveller is one rating.
    expect(r.count).toBe(users.length);
  });
});

describe('purchases against a limited balance', () => {
  it('lets exactly the affordable number of parallel purchases through; the rest get 402 and the balance stays >= 0', async () => {
    const buyer = await newActor();
    const items = (await call(s, 'GET', '/shop/items', null)).body.items as Array<{
      id: string;
      price: number;
    }>;
    const item = items.find((i) => i.price >= 50)!;
    await s.db.query(
      "INSERT INTO public.currency_ledger (user_id, amount, reason) VALUES ($1, $2, 'top_up')",
      [buyer.id, item.price * 3 + Math.floor(item.price / 2)],
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(s, 'POST', '/shop/purchase', buyer, { item_id: item.id })),
    );
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(
      Array.from({ length: 5 }, () => [402, 'insufficient_funds']),
    );
    const balance = (await call(s, 'GET', '/users/currency', buyer)).body.currency as number;
    expect(balance).toBe(Math.floor(item.price / 2));
    expect((await s.db.query('SELECT 1 FROM public.purchases WHERE user_id = $1', [buyer.id])).rowCount).toBe(
      3,
    );
    // Top-ups racing purchases: every credited coin is counted once, and the balance never dips below zero.
    const mixed = await Promise.all([
      ...Array.from({ length: 4 }, (_x, i) =>
        call(s, 'POST', '/users/me/coins/checkout', buyer, {
          pack: 'coins-100',
          idempotency_key: `race-${i}`,
        }),
      ),
      ...Array.from({ length: 4 }, () => call(s, 'POST', '/shop/purchase', buyer, { item_id: item.id })),
    ]);
    expect(mixed.map((r) => r.status).filter((st) => st !== 200 && st !== 402)).toEqual([]);
    const bought = mixed.slice(4).filter((r) => r.status === 200).length;
    const after = (await call(s, 'GET', '/users/currency', buyer)).body.currency as number;
    expect(after).toBe(Math.floor(item.price / 2) + 400 - bought * item.price);
    expect(after).toBeGreaterThanOrEqual(0);
  });
});

describe('an account deleted during activity', () => {
  /** Every table with a user column, and the rows it still holds for this user. */
  async function leftovers(userId: string) {
    const tables = [
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
    ];
    const out: string[] = [];
    for (const t of tables)
      if ((await s.db.query(`SELECT 1 FROM public.${t} WHERE user_id = $1`, [userId])).rowCount) out.push(t);
    for (const t of [
      'public.profiles WHERE id',
      'auth.sessions WHERE user_id',
      'auth.identities WHERE user_id',
      'auth.users WHERE id',
    ]) {
      if ((await s.db.query(`SELECT 1 FROM ${t} = $1`, [userId])).rowCount) out.push(t);
    }
    return out;
  }

  it('answers no 5xx to anyone, and leaves exact counts and no rows of the account', async () => {
    const doomed = await newActor();
    const [u1, u2] = [a.user, a.admin];
    const mine = (await call(s, 'POST', `/sights/${SIGHT}/comments`, doomed, { body: 'Mine', rating: 1 }))
      .body.id as string;
    const theirs = (await call(s, 'POST', `/sights/${SIGHT}/comments`, u1, { body: 'Theirs', rating: 5 }))
      .body.id as string;
    await call(s, 'POST', `/comments/${theirs}/like`, doomed);
    await call(s, 'POST', `/comments/${mine}/like`, u2);

    const work: Array<() => Promise<{ status: number; body: Record<string, unknown> }>> = [
      ...Array.from({ length: 6 }, () => () => call(s, 'POST', `/comments/${theirs}/like`, doomed)),
      ...Array.from(
        { length: 4 },
        (_x, i) => () =>
          call(s, 'POST', `/sights/${SIGHT}/comments`, doomed, { body: `More ${i}`, rating: 2 }),
      ),
      ...Array.from(
        { length: 3 },
        (_x, i) => () =>
          call(s, 'POST', '/users/me/coins/checkout', doomed, {
            pack: 'coins-100',
            idempotency_key: `d-${i}`,
          }),
      ),
      () => call(s, 'PUT', '/users/me/avatar', doomed, { image: `data:image/png;base64,${PNG}` }),
      () => call(s, 'POST', '/subscriptions', doomed, { plan: 'standard', period: 'monthly' }),
      () =>
        call(s, 'POST', '/presence/heartbeat', doomed, {
          session_id: `doomed-${Date.now()}`,
          path: '/explore',
        }),
      ...Array.from({ length: 5 }, () => () => call(s, 'POST', `/comments/${mine}/like`, u1)),
      ...Array.from(
        { length: 3 },
        (_x, i) => () =>
          call(s, 'POST', `/sights/${SIGHT}/comments`, u2, { body: `Reply ${i}`, parent_id: mine }),
      ),
      ...Array.from({ length: 3 }, () => () => call(s, 'POST', `/comments/${theirs}/like`, u2)),
      () => call(s, 'POST', `/sights/${SIGHT}/comments`, u1, { body: 'Rated meanwhile', rating: 4 }),
    ];
    const deletion = () => call(s, 'DELETE', '/users/me', doomed, { confirm_email: doomed.email });
    // The deletion starts in the middle of the burst.
    const all = [...work.slice(0, 12).map((w) => w()), deletion(), ...work.slice(12).map((w) => w())];
    const answers = await Promise.all(all);
    expect(answers.map((r) => r.status).filter((st) => st >= 500)).toEqual([]);
    expect(answers[12]!.status).toBe(200);
    // What failed failed cleanly: the account is gone (401), or what it pointed at went with it (404, 400).
    for (const r of answers) if (r.status >= 400) expect([400, 401, 404]).toContain(r.status);

    expect(await leftovers(doomed.id)).toEqual([]);
    expect(await wrongLikeCounts()).toEqual([]);
    const r = await ratingOf(SIGHT);
    expect(r.count).toBe(r.real_count);
    expect(r.avg).toBe(r.real_avg ?? '0.00');
    const orphans = await s.db.query(
      'SELECT 1 FROM public.comments c WHERE c.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM public.comments p WHERE p.id = c.parent_id)',
    );
    expect(orphans.rowCount).toBe(0);
  });

  it('a write already past the token check when the account goes answers 401, not a foreign-key failure', async () => {
    const cases: Array<[string, string, (d: Member, commentId: string) => unknown]> = [
      ['POST', `/sights/${SIGHT}/comments`, () => ({ body: 'Too late', rating: 3 })],
      ['POST', '/comments/:id/like', () => undefined],
      ['POST', '/users/me/coins/checkout', () => ({ pack: 'coins-100' })],
      ['PUT', '/users/me/avatar', () => ({ image: `data:image/png;base64,${PNG}` })],
      ['POST', '/subscriptions', () => ({ plan: 'standard', period: 'monthly' })],
      ['POST', '/sights/generate-guide', () => ({ sight_id: SIGHT })],
    ];
    // Written by an account of its own: the suite's shared user has used up its comments-per-minute pace by now.
    const author = await newActor();
    const posted = await call(s, 'POST', `/sights/${SIGHT}/comments`, author, { body: 'Target' });
    expect(posted.status).toBe(201);
    const target = posted.body.id as string;
    for (const [method, path, body] of cases) {
      const doomed = await newActor();
      // The deletion is open (uncommitted) when the request arrives: the token check still sees the user.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let deleting!: Promise<unknown>;
      const opened = new Promise<void>((ready) => {
        deleting = s.db.transaction(async (tx) => {
          await tx.query('DELETE FROM auth.users WHERE id = $1', [doomed.id]);
          ready();
          await held;
        });
      });
      await opened;
      const request = call(s, method, path.replace(':id', target), doomed, body(doomed, target));
      if (s.db.kind === 'postgres') {
        // Wait until the request is blocked on the deleted row's lock, i.e. past every check before the write.
        const until = Date.now() + 10_000;
        while (
          (
            await s.db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
          ).rows[0]!.n === 0
        ) {
          if (Date.now() > until) throw new Error(`${method} ${path} never waited for the deleted user`);
          await new Promise((r) => setTimeout(r, 20));
        }
      } else {
        await new Promise((r) => setTimeout(r, 100));
      }
      release();
      await deleting;
      const r = await request;
      expect({ route: `${method} ${path}`, status: r.status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
      expect(await leftovers(doomed.id)).toEqual([]);
    }
  });
});
