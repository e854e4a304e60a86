import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signature, startStripeStandIn, type StripeStandIn } from '../testing/stripe-server';
import { actors, call, type Actors } from './product-helpers';

/**
 * Payments through the provider (Stripe Checkout, a local stand-in here) and the real webhook route: a checkout
 * credits nothing, the signed `checkout.session.completed` of the paid session credits what the server recorded,
 * once; a bad or stale signature is refused. In production with no provider both checkout calls are refused.
 */
const SECRET_KEY = 'sk_test_wayfarer_stand_in';
const WEBHOOK_SECRET = 'whsec_wayfarer_stand_in_secret';
const PROD_JWT = 'a-real-production-secret-of-more-than-32-characters';

async function postWebhook(s: TestServer, payload: string, sig: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (sig !== null) headers['stripe-signature'] = sig;
  const r = await fetch(`${s.url}/payments/webhook`, { method: 'POST', headers, body: payload });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

const balance = async (s: TestServer, a: Actors['user']) =>
  (await call(s, 'GET', '/users/currency', a)).body.currency as number;

describe('with Stripe configured', () => {
  let stripe: StripeStandIn;
  let s: TestServer;
  let a: Actors;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY });
    const env = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    s = await startTestServer({ seed: true, config: { payments: env.payments } });
    a = await actors(s);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const signed = (event: unknown, secret = WEBHOOK_SECRET, t?: number) => {
    const payload = JSON.stringify(event);
    return { payload, sig: signature(payload, secret, t) };
  };

  it('a coin checkout answers the provider page and credits nothing until the paid webhook, which credits once', async () => {
    const before = await balance(s, a.user);
    const r = await call(s, 'POST', '/users/me/coins/checkout', a.user, {
      pack: 'coins-550',
      // A client cannot name its own price: unknown fields are not read.
      amount_cents: 1,
    });
    expect(r.status).toBe(200);
    expect(r.body.payment).toBeNull();
    expect(r.body.checkout.url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(await balance(s, a.user)).toBe(before);

    // Stripe's own parameters, form-encoded: the server's amount and the ids to match the webhook with.
    const sent = stripe.requests.at(-1)!;
    expect(sent).toMatchObject({
      mode: 'payment',
      client_reference_id: r.body.checkout.order_id,
      metadata: { order_id: r.body.checkout.order_id, user_id: a.user.id },
      line_items: { '0': { quantity: '1', price_data: { currency: 'usd', unit_amount: '499' } } },
    });
    expect(String(sent.success_url)).toMatch(/^http:\/\/localhost:3000\/shop\?checkout=success&order=/);
    expect(String(sent.cancel_url)).toMatch(/^http:\/\/localhost:3000\/shop\?checkout=cancelled&order=/);

    const session = [...stripe.sessions.values()].find((x) => x.url === r.body.checkout.url)!;
    // Metadata claiming a bigger pack changes nothing: the server's row says what was bought.
    const event = stripe.paidEvent(session.id, {
      metadata: { ...session.metadata, pack: 'coins-1200' },
    });
    const { payload, sig } = signed(event);
    const first = await postWebhook(s, payload, sig);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect(await balance(s, a.user)).toBe(before + 550);

    // Stripe delivers at least once: the same event again, and another event of the same session, credit nothing.
    expect((await postWebhook(s, payload, sig)).status).toBe(200);
    const again = signed({ ...event, id: `${event.id}_2`, type: 'checkout.session.async_payment_succeeded' });
    expect((await postWebhook(s, again.payload, again.sig)).status).toBe(200);
    expect(await balance(s, a.user)).toBe(before + 550);

    const payments = (await call(s, 'GET', '/subscriptions/me', a.user)).body.payments as {
      amount_cents: number;
      provider_ref: string;
    }[];
    expect(payments.filter((p) => p.provider_ref === `stripe_${session.id}`)).toEqual([
      expect.objectContaining({ amount_cents: 499, description: '550 coins' }),
    ]);
  });

  it('refuses a missing, wrong or stale signature with 400 and credits nothing', async () => {
    const before = await balance(s, a.other);
    const r = await call(s, 'POST', '/users/me/coins/checkout', a.other, { pack: 'coins-100' });
    const session = [...stripe.sessions.values()].find((x) => x.url === r.body.checkout.url)!;
    const event = stripe.paidEvent(session.id);
    const payload = JSON.stringify(event);

    const missing = await postWebhook(s, payload, null);
    expect(missing.status).toBe(400);
    const wrong = await postWebhook(s, payload, signature(payload, 'whsec_somebody_else'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/signature/i);
    const tampered = await postWebhook(
      s,
      payload.replace('"amount_total":99', '"amount_total":9'),
      signature(payload, WEBHOOK_SECRET),
    );
    expect(tampered.status).toBe(400);
    // Correctly signed, but an hour old: outside the tolerance window (a replayed capture).
    const stale = await postWebhook(
      s,
      payload,
      signature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(400);
    expect(await balance(s, a.other)).toBe(before);

    // The genuine delivery still works afterwards.
    expect((await postWebhook(s, payload, signature(payload, WEBHOOK_SECRET))).status).toBe(200);
    expect(await balance(s, a.other)).toBe(before + 100);
  });

  it('an unpaid completion (a delayed payment method) or an expired session credits nothing', async () => {
    const before = await balance(s, a.admin);
    const r = await call(s, 'POST', '/users/me/coins/checkout', a.admin, { pack: 'coins-1200' });
    const session = [...stripe.sessions.values()].find((x) => x.url === r.body.checkout.url)!;
    const unpaid = signed(stripe.paidEvent(session.id, { payment_status: 'unpaid' }));
    expect((await postWebhook(s, unpaid.payload, unpaid.sig)).status).toBe(200);
    expect(await balance(s, a.admin)).toBe(before);
    const expired = signed({ ...stripe.paidEvent(session.id), type: 'checkout.session.expired' });
    expect((await postWebhook(s, expired.payload, expired.sig)).status).toBe(200);
    const late = signed(stripe.paidEvent(session.id));
    expect((await postWebhook(s, late.payload, late.sig)).status).toBe(200);
    expect(await balance(s, a.admin)).toBe(before);
  });

  it('the same idempotency key answers the same checkout', async () => {
    const body = { pack: 'coins-100', idempotency_key: 'pay-once' };
    const r1 = await call(s, 'POST', '/users/me/coins/checkout', a.user, body);
    const r2 = await call(s, 'POST', '/users/me/coins/checkout', a.user, body);
    expect(r2.body.checkout).toEqual(r1.body.checkout);
  });

  it('a paid plan starts only when its payment is confirmed; a provider-billed plan does not renew unpaid', async () => {
    const u = (await actors(s)).user;
    const r = await call(s, 'POST', '/subscriptions', u, { plan: 'standard', period: 'monthly' });
    expect(r.status).toBe(200);
    expect(r.body.subscription.plan).toBe('free');
    expect(r.body.payment).toBeNull();
    expect(stripe.requests.at(-1)).toMatchObject({
      mode: 'payment',
      metadata: { kind: 'plan', user_id: u.id },
      line_items: { '0': { price_data: { unit_amount: '999' } } },
    });
    expect(String(stripe.requests.at(-1)!.success_url)).toMatch(
      /^http:\/\/localhost:3000\/subscribe\?plan=standard&checkout=success&order=/,
    );
    expect((await call(s, 'GET', '/subscriptions/me', u)).body.subscription.plan).toBe('free');

    const session = [...stripe.sessions.values()].find((x) => x.url === r.body.checkout.url)!;
    const paid = signed(stripe.paidEvent(session.id));
    expect((await postWebhook(s, paid.payload, paid.sig)).status).toBe(200);
    expect((await postWebhook(s, paid.payload, paid.sig)).status).toBe(200);
    const me = (await call(s, 'GET', '/subscriptions/me', u)).body;
    expect(me.subscription).toMatchObject({ plan: 'standard', status: 'active', period: 'monthly' });
    expect(me.payments).toEqual([
      expect.objectContaining({ amount_cents: 999, provider_ref: `stripe_${session.id}` }),
    ]);

    // At the end of the cycle nothing has been collected: the plan ends instead of a free local renewal.
    await s.db.query(
      "UPDATE public.subscriptions SET current_period_start = now() - interval '40 days', current_period_end = now() - interval '1 day' WHERE user_id = $1",
      [u.id],
    );
    const later = (await call(s, 'GET', '/subscriptions/me', u)).body;
    expect(later.subscription.plan).toBe('free');
    expect(later.payments).toHaveLength(1);
  });

  it('a change that charges nothing today (the premium trial) needs no checkout', async () => {
    const u = (await actors(s)).user;
    const r = await call(s, 'POST', '/subscriptions', u, { plan: 'premium', period: 'monthly' });
    expect(r.status).toBe(200);
    expect(r.body.checkout).toBeNull();
    expect(r.body.subscription).toMatchObject({ plan: 'premium', status: 'trialing' });
    expect(r.body.payment).toBeNull();
  });
});

describe('in production with no payment provider', () => {
  let s: TestServer;
  let a: Actors;
  beforeAll(async () => {
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_JWT, LOG_LEVEL: 'silent' });
    expect(prod.payments.stripe).toBeUndefined();
    s = await startTestServer({
      seed: true,
      config: { nodeEnv: prod.nodeEnv, jwtSecret: prod.jwtSecret, payments: prod.payments },
    });
    a = await actors(s);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses both checkout calls and changes nothing', async () => {
    const coins = await call(s, 'POST', '/users/me/coins/checkout', a.user, { pack: 'coins-1200' });
    expect(coins.status).toBe(503);
    expect(coins.body.message).toBe('Payments are not available.');
    expect(await balance(s, a.user)).toBe(0);

    const plan = await call(s, 'POST', '/subscriptions', a.user, { plan: 'premium', period: 'yearly' });
    expect(plan.status).toBe(503);
    expect(plan.body.message).toBe('Payments are not available.');
    const me = (await call(s, 'GET', '/subscriptions/me', a.user)).body;
    expect(me.subscription.plan).toBe('free');
    expect(me.payments).toEqual([]);
  });

  it('has no webhook to call', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
    expect((await postWebhook(s, payload, signature(payload, 'anything'))).status).toBe(404);
  });
});

describe('payment configuration', () => {
  it('refuses half a Stripe configuration in any environment, naming the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is not set[\s\S]*STRIPE_WEBHOOK_SECRET is not set/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_SECRET_KEY is set but PAYMENT_PROVIDER is not/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).payments.stripe).toBeUndefined();
  });
});
