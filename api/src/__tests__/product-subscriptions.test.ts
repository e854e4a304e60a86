import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { sniffImage } from '../services/image-process';
import { addPeriod, prorate, quoteChange, type SubscriptionRow } from '../services/subscriptions';
import { actors, call, type Actor } from './product-helpers';

let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
  a = await actors(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const DAY = 86_400_000;
const payments = async (userId: string) =>
  (
    await s.db.query<{ amount_cents: number; description: string }>(
      'SELECT amount_cents, description FROM public.payments WHERE user_id = $1 ORDER BY created_at, id',
      [userId],
    )
  ).rows;
/** Moves the user's cycle so that `daysAgo` days of a 30-day cycle have passed. */
const shiftCycle = async (userId: string, startDaysAgo: number, lengthDays: number) =>
  s.db.query(
    `UPDATE public.subscriptions SET current_period_start = now() - make_interval(days => $2::int),
       current_period_end = now() - make_interval(days => $2::int) + make_interval(days => $3::int) WHERE user_id = $1`,
    [userId, startDaysAgo, lengthDays],
  );

describe('subscription rules (pure)', () => {
  it('adds months keeping the day where it exists', () => {
    expect(addPeriod(new Date('2025-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2025-02-28T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2024-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2024-02-29T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2025-03-15T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
  });

  it('prorates an upgrade by the share of the cycle left', () => {
    const row: SubscriptionRow = {
      plan: 'standard',
      status: 'active',
      period: 'monthly',
      pending_plan: null,
      pending_period: null,
      trial_ends_at: null,
      trial_used: false,
      current_period_start: new Date('2025-06-01T00:00:00Z'),
      current_period_end: new Date('2025-07-01T00:00:00Z'),
      cancel_at_period_end: false,
      billing: 'local',
    };
    // Half of a 30-day June left: half of (19.99 - 9.99).
    expect(prorate(row, 'premium', new Date('2025-06-16T00:00:00Z'))).toEqual({ cents: 500, daysLeft: 15 });
    const q = quoteChange(row, 'premium', 'monthly', new Date('2025-06-16T00:00:00Z'));
    expect(q.action).toBe('upgrade');
    expect(q.summary).toBe(
      'Premium starts now. You pay $5.00 today, the prorated difference for the 15 days left in this cycle, then $19.99 per month from Jul 1, 2025.',
    );
    const down = quoteChange(
      { ...row, plan: 'premium' },
      'standard',
      'monthly',
      new Date('2025-06-16T00:00:00Z'),
    );
    expect(down).toMatchObject({
      action: 'downgrade',
      charge_now_cents: 0,
      effective_at: '2025-07-01T00:00:00.000Z',
      next_charge_cents: 999,
    });
    expect(quoteChange(null, 'premium', 'yearly', new Date('2025-06-16T00:00:00Z'))).toMatchObject({
      action: 'trial',
      charge_now_cents: 0,
      trial_days: 7,
      next_charge_cents: 19188,
      next_charge_at: '2025-06-23T00:00:00.000Z',
    });
    expect(
      quoteChange(
        { ...row, status: 'canceled', plan: 'free', trial_used: true },
        'premium',
        'monthly',
        new Date('2025-06-16T00:00:00Z'),
      ),
    ).toMatchObject({ action: 'subscribe', charge_now_cents: 1999 });
  });
});

describe('GET /subscriptions/me, POST /subscriptions, POST /subscriptions/cancel', () => {
  it('needs a signed-in user and validates plan and period', async () => {
    expect((await call(s, 'GET', '/subscriptions/me', a.anon)).status).toBe(401);
    expect((await call(s, 'GET', '/users/me/overview', a.anon)).status).toBe(401);
    expect(
      (await call(s, 'POST', '/subscriptions', a.anon, { plan: 'premium', period: 'monthly' })).status,
    ).toBe(401);
    const bad = await call(s, 'POST', '/subscriptions', a.user, { plan: 'gold', period: 'monthly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/plan/);
    expect(
      (await call(s, 'POST', '/subscriptions', a.user, { plan: 'standard', period: 'weekly' })).status,
    ).toBe(400);
    expect((await call(s, 'GET', '/subscriptions/quote?plan=premium', a.user)).status).toBe(400);
    const none = await call(s, 'POST', '/subscriptions/cancel', a.user, {});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('You have no paid plan to cancel.');
  });

  it('starts with Free, gives the premium trial once, and charges nothing during it', async () => {
    const me = await call(s, 'GET', '/subscriptions/me', a.user);
    expect(me.status).toBe(200);
    expect(me.body.subscription).toMatchObject({
      plan: 'free',
      status: 'free',
      period: null,
      trial_available: true,
    });
    expect(
      (await call(s, 'POST', '/subscriptions', a.user, { plan: 'free', period: 'monthly' })).body.error,
    ).toBe('You are already on the Free plan.');

    const quote = await call(s, 'GET', '/subscriptions/quote?plan=premium&period=monthly', a.user);
    expect(quote.body.quote).toMatchObject({
      action: 'trial',
      charge_now_cents: 0,
      next_charge_cents: 1999,
      trial_days: 7,
    });
    const r = await call(s, 'POST', '/subscriptions', a.user, { plan: 'premium', period: 'monthly' });
    expect(r.status).toBe(200);
    expect(r.body.payment).toBeNull();
    expect(r.body.subscription).toMatchObject({
      plan: 'premium',
      status: 'trialing',
      period: 'monthly',
      trial_available: false,
    });
    const ends = Date.parse(r.body.subscription.trial_ends_at);
    expect(Math.abs(ends - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(await payments(a.user.id!)).toEqual([]);

    const ov = await call(s, 'GET', '/users/me/overview', a.user);
    expect(ov.body.overview.subscription.plan).toBe('premium');
    expect(ov.body.overview.guides).toMatchObject({ used_this_month: 0, limit: null });
  });

  it('cancelling during the trial ends it at the trial end without a charge; the trial is not granted again', async () => {
    const c = await call(s, 'POST', '/subscriptions/cancel', a.user, {});
    expect(c.status).toBe(200);
    expect(c.body.subscription).toMatchObject({
      plan: 'premium',
      cancel_at_period_end: true,
      pending_plan: 'free',
    });
    expect((await call(s, 'POST', '/subscriptions/cancel', a.user, {})).status).toBe(400);
    // The trial runs out.
    await shiftCycle(a.user.id!, 8, 7);
    const me = await call(s, 'GET', '/subscriptions/me', a.user);
    expect(me.body.subscription).toMatchObject({ plan: 'free', status: 'free', trial_available: false });
    expect(await payments(a.user.id!)).toEqual([]);
    const again = await call(s, 'GET', '/subscriptions/quote?plan=premium&period=monthly', a.user);
    expect(again.body.quote).toMatchObject({ action: 'subscribe', charge_now_cents: 1999 });
  });

  it('a trial that is not cancelled converts into a charged premium cycle', async () => {
    await call(s, 'POST', '/subscriptions', a.admin, { plan: 'premium', period: 'yearly' });
    await shiftCycle(a.admin.id!, 8, 7);
    const me = await call(s, 'GET', '/subscriptions/me', a.admin);
    expect(me.body.subscription).toMatchObject({ plan: 'premium', status: 'active', period: 'yearly' });
    expect(me.body.payments).toHaveLength(1);
    expect(me.body.payments[0]).toMatchObject({
      amount_cents: 19188,
      description: 'Premium (yearly) first charge after the free trial',
    });
    // The new cycle starts at the trial's end and lasts a year.
    const start = Date.parse(me.body.subscription.current_period_start);
    expect(Date.parse(me.body.subscription.current_period_end)).toBe(
      addPeriod(new Date(start), 'yearly').getTime(),
    );
  });

  it('standard charges now; an upgrade charges the prorated difference; a downgrade waits for the next cycle', async () => {
    const sub = await call(s, 'POST', '/subscriptions', a.other, { plan: 'standard', period: 'monthly' });
    expect(sub.status).toBe(200);
    expect(sub.body.payment).toMatchObject({ amount_cents: 999, description: 'Standard (monthly)' });
    expect(sub.body.payment.provider_ref).toMatch(/^local_/);
    expect(sub.body.subscription).toMatchObject({
      plan: 'standard',
      status: 'active',
      trial_available: true,
    });
    expect(
      (await call(s, 'POST', '/subscriptions', a.other, { plan: 'standard', period: 'monthly' })).body.error,
    ).toBe('You are already on Standard (monthly).');

    // 10 of 30 days used: two thirds of the 10.00 difference is left.
    await shiftCycle(a.other.id!, 10, 30);
    const up = await call(s, 'POST', '/subscriptions', a.other, { plan: 'premium', period: 'monthly' });
    expect(up.status).toBe(200);
    expect(up.body.quote.action).toBe('upgrade');
    expect(up.body.payment.amount_cents).toBeGreaterThanOrEqual(666);
    expect(up.body.payment.amount_cents).toBeLessThanOrEqual(667);
    expect(up.body.subscription).toMatchObject({ plan: 'premium', status: 'active', pending_plan: null });

    const down = await call(s, 'POST', '/subscriptions', a.other, { plan: 'standard', period: 'yearly' });
    expect(down.body.quote).toMatchObject({
      action: 'downgrade',
      charge_now_cents: 0,
      next_charge_cents: 9588,
    });
    expect(down.body.payment).toBeNull();
    expect(down.body.subscription).toMatchObject({
      plan: 'premium',
      pending_plan: 'standard',
      pending_period: 'yearly',
    });
    expect(down.body.quote.effective_at).toBe(down.body.subscription.current_period_end);

    // Choosing the current plan again drops the scheduled downgrade.
    const keep = await call(s, 'POST', '/subscriptions', a.other, { plan: 'premium', period: 'monthly' });
    expect(keep.body.quote.action).toBe('resume');
    expect(keep.body.subscription.pending_plan).toBeNull();
    await call(s, 'POST', '/subscriptions', a.other, { plan: 'standard', period: 'yearly' });

    // The cycle ends: Standard yearly takes over and is charged at the boundary.
    await shiftCycle(a.other.id!, 31, 30);
    const me = await call(s, 'GET', '/subscriptions/me', a.other);
    expect(me.body.subscription).toMatchObject({
      plan: 'standard',
      period: 'yearly',
      status: 'active',
      pending_plan: null,
    });
    const all = await payments(a.other.id!);
    // (The renewal is dated at the cycle boundary, which this test moved into the past.)
    expect(all.map((p) => p.amount_cents).sort((x, y) => x - y)).toEqual([
      up.body.payment.amount_cents,
      999,
      9588,
    ]);
    expect(all.find((p) => p.amount_cents === 9588)?.description).toBe('Standard (yearly) renewal');
  });
});

describe('GET /users/me/overview, purchases and coin top-ups', () => {
  it('counts guides, comments, uploads and purchases of the caller only', async () => {
    const user = (await call(s, 'GET', '/users/me/overview', a.user)).body.overview;
    expect(user).toMatchObject({
      balance: 0,
      comments: { count: 0, ratings: 0, replies: 0 },
      uploads: { total: 0, recent: [] },
      purchases: { count: 0 },
    });
    expect(user.guides).toMatchObject({ used_this_month: 0, limit: 3 });

    const sight = (
      await s.db.query<{ id: string; name: string }>('SELECT id, name FROM public.sights ORDER BY id LIMIT 1')
    ).rows[0];
    const c1 = await call(s, 'POST', `/sights/${sight.id}/comments`, a.user, {
      body: 'Lovely place',
      rating: 5,
    });
    await call(s, 'POST', `/sights/${sight.id}/comments`, a.user, { body: 'Agreed', parent_id: c1.body.id });
    await call(s, 'POST', `/sights/${sight.id}/comments`, a.other, { body: 'Someone else' });
    await s.db.query(
      "INSERT INTO public.sight_images (sight_id, user_id, storage_path, mime, status) VALUES ($1,$2,'a.jpg','image/jpeg','pending'), ($1,$2,'b.jpg','image/jpeg','approved')",
      [sight.id, a.user.id],
    );
    await s.db.query(
      "INSERT INTO public.guides (sight_id, user_id, writer) VALUES ($1,$2,'local'), ($1,$2,'local')",
      [sight.id, a.user.id],
    );
    await s.db.query(
      "INSERT INTO public.guides (sight_id, user_id, writer, created_at) VALUES ($1,$2,'local', now() - interval '40 days')",
      [sight.id, a.user.id],
    );

    const top = await call(s, 'POST', '/users/me/coins/checkout', a.user, { pack: 'coins-550' });
    expect(top.status).toBe(200);
    expect(top.body).toMatchObject({
      currency: 550,
      payment: { amount_cents: 499, description: '550 coins' },
    });
    const items = (await call(s, 'GET', '/shop/items', null)).body.items as Array<{
      id: string;
      slug: string;
      price: number;
      name: string;
    }>;
    const credit = items.find((i) => i.slug === 'guide-credit')!;
    expect((await call(s, 'POST', '/shop/purchase', a.user, { item_id: credit.id })).body.currency).toBe(500);

    const ov = (await call(s, 'GET', '/users/me/overview', a.user)).body.overview;
    expect(ov.balance).toBe(500);
    expect(ov.guides.used_this_month).toBe(2);
    expect(ov.comments).toEqual({ count: 2, ratings: 1, replies: 1 });
    expect(ov.uploads).toMatchObject({ total: 2, pending: 1, approved: 1, rejected: 0 });
    expect(ov.uploads.recent[0]).toMatchObject({ sight_id: sight.id, sight_name: sight.name });
    expect(ov.purchases).toMatchObject({ count: 1, coins_spent: 50 });
    expect(ov.purchases.recent[0]).toMatchObject({ item_name: credit.name, price: 50 });

    const history = await call(s, 'GET', '/users/me/purchases', a.user);
    expect(history.body.items.map((p: { item_id: string }) => p.item_id)).toEqual([credit.id]);
    expect((await call(s, 'GET', '/users/me/purchases', a.admin)).body.items).toEqual([]);
  });

  it('coin top-ups validate the pack and credit once per idempotency key', async () => {
    expect((await call(s, 'POST', '/users/me/coins/checkout', a.anon, { pack: 'coins-100' })).status).toBe(
      401,
    );
    expect(
      (await call(s, 'POST', '/users/me/coins/checkout', a.admin, { pack: 'coins-1000000' })).status,
    ).toBe(400);
    const r1 = await call(s, 'POST', '/users/me/coins/checkout', a.admin, {
      pack: 'coins-100',
      idempotency_key: 'k1',
    });
    const r2 = await call(s, 'POST', '/users/me/coins/checkout', a.admin, {
      pack: 'coins-100',
      idempotency_key: 'k1',
    });
    expect(r2.body.payment.id).toBe(r1.body.payment.id);
    expect((await call(s, 'GET', '/users/currency', a.admin)).body.currency).toBe(100);
  });
});

describe('avatar and account deletion', () => {
  // A 1x1 PNG.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('stores a checked avatar in the database and serves it from a versioned URL', async () => {
    expect(
      (await call(s, 'PUT', '/users/me/avatar', a.anon, { image: `data:image/png;base64,${PNG}` })).status,
    ).toBe(401);
    const wrong = await call(s, 'PUT', '/users/me/avatar', a.user, {
      image: `data:image/jpeg;base64,${PNG}`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('The file is not a valid image of the declared type.');
    expect(
      (await call(s, 'PUT', '/users/me/avatar', a.user, { image: 'data:text/html;base64,PGgxPg==' })).status,
    ).toBe(400);
    const ok = await call(s, 'PUT', '/users/me/avatar', a.user, { image: `data:image/png;base64,${PNG}` });
    expect(ok.status).toBe(200);
    expect(ok.body.avatar_url).toMatch(new RegExp(`/avatars/${a.user.id}\\?v=\\d+$`));
    const img = await fetch(`${s.url}${new URL(ok.body.avatar_url).pathname}`);
    // Stored re-encoded (as sight photos are), never the uploaded bytes: the same picture as WebP.
    expect(img.headers.get('content-type')).toBe('image/webp');
    const served = Buffer.from(await img.arrayBuffer());
    expect(served.equals(Buffer.from(PNG, 'base64'))).toBe(false);
    expect(sniffImage(served)).toBe('webp');
    const profile = await s.db.query<{ avatar_url: string }>(
      'SELECT avatar_url FROM public.profiles WHERE id = $1',
      [a.user.id],
    );
    expect(profile.rows[0].avatar_url).toBe(ok.body.avatar_url);
    expect((await call(s, 'DELETE', '/users/me/avatar', a.user)).status).toBe(200);
    expect((await fetch(`${s.url}/avatars/${a.user.id}`)).status).toBe(404);
    expect((await fetch(`${s.url}/avatars/not-a-uuid`)).status).toBe(400);
  });

  it('deletes the account and its data only when the e-mail is typed again', async () => {
    const email = (
      await s.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [a.other.id])
    ).rows[0].email;
    expect(
      (await call(s, 'DELETE', '/users/me', a.other, { confirm_email: 'someone@else.test' })).body.error,
    ).toBe('The e-mail address does not match this account.');
    expect((await call(s, 'DELETE', '/users/me', a.other, {})).status).toBe(400);
    const r = await call(s, 'DELETE', '/users/me', a.other, { confirm_email: email.toUpperCase() });
    expect(r.status).toBe(200);
    for (const t of [
      'auth.users WHERE id',
      'public.comments WHERE user_id',
      'public.payments WHERE user_id',
      'public.subscriptions WHERE user_id',
    ]) {
      expect((await s.db.query(`SELECT 1 FROM ${t} = $1`, [a.other.id])).rowCount).toBe(0);
    }
  });
});
