import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env';
import { createUser } from '../testing/create-user';
import { signJwt } from '../auth/jwt';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actor, type Actors } from './product-helpers';

/**
 * What one account can do to a sight's comments for everyone else: its rating counts once, its thread is read a
 * bounded page at a time, and it cannot post faster than the per-user limit.
 */
let s: TestServer;
let a: Actors;
const PER_WINDOW = 12;
beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  ({ s, a } = await seededServer({
    config: { rateLimit: { ...base.rateLimit, commentsPerUser: PER_WINDOW } },
  }));
}, 120_000);
afterAll(() => s?.close());

async function newActor(): Promise<Actor> {
  const u = await createUser(s.db);
  const token = await signJwt(
    s.config.jwtSecret,
    { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  return { id: u.id, token };
}

describe("a sight's comments", () => {
  it('count one rating per user, the latest', async () => {
    const sight = 'wd-Q695604';
    const flooder = await newActor();
    for (let i = 0; i < 8; i++) {
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
    expect((await call(s, 'GET', `/sights/${sight}/comments?cursor=bm90LWEtY3Vyc29y`, null)).status).toBe(
      400,
    );
    // No limit: a page of the default size, never the whole thread.
    const first = await call(s, 'GET', `/sights/${sight}/comments`, null);
    expect(first.body.items.length).toBeLessThanOrEqual(50);
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

  it('take at most the per-user number of posts in a window from one account; others can still post', async () => {
    const sight = 'wd-Q243';
    const flooder = await newActor();
    const answers = await Promise.all(
      Array.from({ length: PER_WINDOW + 8 }, (_, i) =>
        call(s, 'POST', `/sights/${sight}/comments`, flooder, { body: `Spam ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(PER_WINDOW);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]!.body.message ?? refused[0]!.body.error).toMatch(/too quickly/);
    expect((await call(s, 'POST', `/sights/${sight}/comments`, a.other, { body: 'Still here' })).status).toBe(
      201,
    );
  });
});
