import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { call, newActor as productActor, seededServer, type Actors } from './product-helpers';

/**
 * What one account can do to a sight's comments for everyone else: its rating counts once, its thread is read a
 * bounded page at a time, and it cannot post faster than the per-user limit.
 */
let s: TestServer;
let a: Actors;
const PER_MINUTE = 35;
const PER_DAY = 50;
beforeAll(async () => {
  ({ s, a } = await seededServer({
    config: { comments: { perUserPerMinute: PER_MINUTE, perUserPerDay: PER_DAY } },
  }));
}, 120_000);
afterAll(() => s?.close());

const newActor = () => productActor(s);

describe("a sight's comments", () => {
  it('count one rating per user, the latest', async () => {
    const sight = 'wd-Q695604';
    const flooder = await newActor();
    for (let i = 0; i < 29; i++) {
      expect(
        (await call(s, 'POST', `/sights/${sight}/comments`, flooder, { body: `Best ${i}`, rating: 5 }))
          .status,
      ).toBe(201);
    }
    expect(
      (await call(s, 'POST', `/sights/${sight}/comments`, flooder, { body: 'On reflection', rating: 4 }))
        .status,
    ).toBe(201);
    const other = await newActor();
    await call(s, 'POST', `/sights/${sight}/comments`, other, { body: 'Meh', rating: 2 });
    const detail = await call(s, 'GET', `/sights/detail/${sight}`, null);
    expect(detail.body.sight.ratings_count).toBe(2);
    expect(detail.body.sight.rating_avg).toBeCloseTo(3);
  });

  it('are read a bounded page at a time, oldest first, every comment once', async () => {
    const sight = 'wd-Q243';
    const writers = await Promise.all([newActor(), newActor(), newActor()]);
    const posted: string[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await call(s, 'POST', `/sights/${sight}/comments`, writers[i % 3]!, {
        body: `Page test ${i}`,
      });
      posted.push(r.body.id as string);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await call(
        s,
        'GET',
        `/sights/${sight}/comments?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        null,
      );
      expect(r.status).toBe(200);
      expect(r.body.items.length).toBeLessThanOrEqual(4);
      seen.push(...r.body.items.map((c: { id: string }) => c.id));
      cursor = r.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(posted));
    expect(seen.slice(-9)).toEqual(posted);
    expect((await call(s, 'GET', `/sights/${sight}/comments?limit=1000`, null)).status).toBe(400);
    expect((await call(s, 'GET', `/sights/${sight}/comments?limit=51`, null)).status).toBe(400);
    expect((await call(s, 'GET', `/sights/${sight}/comments?cursor=bm90LWEtY3Vyc29y`, null)).status).toBe(
      400,
    );
    // No limit: a page of the default size, never the whole thread.
    const first = await call(s, 'GET', `/sights/${sight}/comments`, null);
    expect(first.body.items.length).toBeLessThanOrEqual(20);
  });

  it('are 404 for an unknown sight and for a hidden one', async () => {
    expect((await call(s, 'GET', '/sights/no-such-sight/comments', null)).status).toBe(404);
    const sight = 'wd-Q2981';
    const posted = await call(s, 'POST', `/sights/${sight}/comments`, await newActor(), {
      body: 'Before it was hidden',
    });
    expect(posted.status).toBe(201);
    await s.db.query('UPDATE public.sights SET hidden = true WHERE id = $1', [sight]);
    try {
      expect((await call(s, 'GET', `/sights/${sight}/comments`, null)).status).toBe(404);
      expect((await call(s, 'GET', `/sights/${sight}/comments`, a.user)).status).toBe(404);
    } finally {
      await s.db.query('UPDATE public.sights SET hidden = false WHERE id = $1', [sight]);
    }
  });

  it('take at most the per-minute number of posts from one account, even in parallel; others can still post', async () => {
    const sight = 'wd-Q243';
    const flooder = await newActor();
    const key = '6f1c1d5e-8a53-4c1e-9a77-1f2e3d4c5b6a';
    const first = await call(s, 'POST', `/sights/${sight}/comments`, flooder, {
      body: 'First',
      idempotency_key: key,
    });
    expect(first.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: PER_MINUTE + 7 }, (_, i) =>
        call(s, 'POST', `/sights/${sight}/comments`, flooder, { body: `Spam ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(PER_MINUTE - 1);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]!.body.message ?? refused[0]!.body.error).toMatch(/too quickly/);
    // The offline queue sending its write again gets the first answer, not a refusal.
    const again = await call(s, 'POST', `/sights/${sight}/comments`, flooder, {
      body: 'First',
      idempotency_key: key,
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await call(s, 'POST', `/sights/${sight}/comments`, a.other, { body: 'Still here' })).status).toBe(
      201,
    );
  });

  it('take at most the per-day number of posts from one account', async () => {
    const sight = 'wd-Q243';
    const [busy, nearly] = await Promise.all([newActor(), newActor()]);
    // Posted over the last hours (none in the last minute).
    for (const [who, n] of [
      [busy, PER_DAY],
      [nearly, PER_DAY - 1],
    ] as const) {
      await s.db.query(
        `INSERT INTO public.comments (sight_id, user_id, body, created_at)
         SELECT $1, $2, 'Earlier ' || g, now() - interval '2 minutes' - g * interval '10 minutes'
           FROM generate_series(1, $3::int) g`,
        [sight, who.id, n],
      );
    }
    const refused = await call(s, 'POST', `/sights/${sight}/comments`, busy, { body: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.message ?? refused.body.error).toMatch(/24 hours/);
    expect((await call(s, 'POST', `/sights/${sight}/comments`, nearly, { body: 'One more' })).status).toBe(
      201,
    );
  });

  it('page by the exact time of each comment, however close together they were posted', async () => {
    const sight = 'wd-Q2981';
    const writer = await newActor();
    const { rows } = await s.db.query<{ id: string }>(
      `INSERT INTO public.comments (sight_id, user_id, body, created_at)
       SELECT $1, $2, 'Same millisecond ' || g, '2001-01-01T00:00:00.000Z'::timestamptz + g * interval '1 microsecond'
         FROM generate_series(1, 3) g
       RETURNING id`,
      [sight, writer.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 3; pages++) {
      const r = await call(
        s,
        'GET',
        `/sights/${sight}/comments?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        null,
      );
      expect(r.status).toBe(200);
      seen.push(...r.body.items.map((c: { id: string }) => c.id));
      cursor = r.body.next_cursor;
    }
    expect(seen).toEqual(rows.map((r) => r.id));
  });
});
