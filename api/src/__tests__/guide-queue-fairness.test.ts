import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GUIDE_QUEUE_FULL_CODE, GenerateGuideResponse, GuideQueueFullError } from '@wayfarer/contracts';
import type PgBoss from 'pg-boss';
import { GUIDE_QUEUE, type GuideJob } from '../jobs/queue';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signJwt } from '../auth/jwt';
import { call, type Actor } from './product-helpers';

/**
 * One account cannot starve guide making: each user may have GUIDE_MAX_QUEUED_PER_USER guides waiting or being
 * made at once (the next is a 429 saying so), and the queue serves users in turns, so another user's guide queued
 * after a burst is taken before the rest of the burst. This server runs no worker: the test takes the jobs itself,
 * as a worker would, and reads the order they come in.
 */
let s: TestServer;
let boss: PgBoss;
let sight: string;

beforeAll(async () => {
  s = await startTestServer({ seed: true, config: { guides: { maxQueuedPerUser: 3 } } });
  boss = s.app.deps.jobs.boss;
  sight = (await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'"))
    .rows[0].id;
}, 120_000);
afterAll(async () => {
  await s?.close();
});

async function traveller(plan?: 'premium'): Promise<Actor> {
  const u = await createUser(s.db);
  if (plan)
    await s.db.query(
      "INSERT INTO public.subscriptions (user_id, plan, status, current_period_end) VALUES ($1, $2, 'active', now() + interval '30 days')",
      [u.id, plan],
    );
  const token = await signJwt(
    s.config.jwtSecret,
    { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  return { id: u.id, token };
}

const ask = (who: Actor) =>
  call(s, 'POST', '/sights/generate-guide', who, { sight_id: sight, max_stations: 2, include_nearby: false });

async function queued(who: Actor): Promise<string> {
  const r = await ask(who);
  expect(r.status).toBe(200);
  return GenerateGuideResponse.parse(r.body).guide.id;
}

/** Takes the next guide job as a worker does (pg-boss's fetch: highest priority, then oldest), or null. */
async function nextJob(): Promise<string | null> {
  const [job] = (await boss.fetch<GuideJob>(GUIDE_QUEUE)) ?? [];
  return job ? job.data.guideId : null;
}

/** Takes every waiting guide job, in the order workers would get them. */
async function drain(): Promise<string[]> {
  const order: string[] = [];
  for (let id = await nextJob(); id; id = await nextJob()) order.push(id);
  return order;
}

describe('guides waiting per user', () => {
  it('refuses a guide beyond the cap with a 429 that says why, and accepts one again once a guide is done', async () => {
    const a = await traveller('premium');
    const ids = [await queued(a), await queued(a), await queued(a)];
    const over = await ask(a);
    expect(over.status).toBe(429);
    const body = GuideQueueFullError.parse(over.body);
    expect(body).toMatchObject({ code: GUIDE_QUEUE_FULL_CODE, queued: 3, max_queued: 3 });
    expect(body.message).toBe(
      'You already have 3 guides being made (at most 3 at a time). Ask for another one when one of them is ready.',
    );
    // Nothing was reserved for the refused request.
    expect((await s.db.query('SELECT 1 FROM public.guides WHERE user_id = $1', [a.id])).rowCount).toBe(3);
    // A guide finished (ready or failed) no longer counts.
    await s.db.query("UPDATE public.guides SET status = 'ready' WHERE id = $1", [ids[0]]);
    await queued(a);
    expect((await ask(a)).status).toBe(429);
    await drain();
  });

  it('counts parallel requests under the same lock: never more than the cap', async () => {
    const a = await traveller('premium');
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(a)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    await drain();
  });
});

describe('turns between users', () => {
  it("takes another user's guide, queued after a burst, before the burst's remaining guides", async () => {
    expect(await drain()).toEqual([]);
    const a = await traveller('premium');
    const b = await traveller();
    const burst = [await queued(a), await queued(a), await queued(a)];
    const single = await queued(b);
    // The order workers get them: A's first, then B's (queued last), then the rest of A's.
    expect(await drain()).toEqual([burst[0], single, burst[1], burst[2]]);
  });

  it('serves several users round by round, whatever the order they queued in', async () => {
    const [a, b, c] = [await traveller('premium'), await traveller('premium'), await traveller('premium')];
    const a1 = await queued(a);
    const a2 = await queued(a);
    const a3 = await queued(a);
    const b1 = await queued(b);
    const b2 = await queued(b);
    const c1 = await queued(c);
    expect(await drain()).toEqual([a1, b1, c1, a2, b2, a3]);
  });
});
