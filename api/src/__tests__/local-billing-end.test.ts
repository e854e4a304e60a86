import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { createUser } from '../testing/create-user';
import { endLocalRenewals } from '../services/payments';
import { changeSubscription, currentSubscription, listPayments } from '../services/subscriptions';

/**
 * A plan bought through the local checkout was never paid. Once the API runs with a real provider, or in
 * production with none, such a plan keeps the period it has and then ends, rather than renewing with local
 * charges nobody pays; with the local checkout (development) it renews as before.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 120_000);
afterAll(async () => s?.close());

const bought = new Date('2026-01-10T12:00:00Z');
const later = new Date('2026-03-20T12:00:00Z');
const stripe = { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:1' };

async function localPlan() {
  const u = await createUser(s.db);
  await s.db.transaction((tx) => changeSubscription(tx, u.id, 'standard', 'monthly', bought));
  const paid = await listPayments(s.db, u.id);
  return { id: u.id, paid: paid.length };
}

describe('plans from the local checkout when payments are real', () => {
  it.each([
    ['in production', { nodeEnv: 'production' as const, payments: { stripe: undefined } }],
    [
      'with a real provider configured',
      { nodeEnv: 'development' as const, payments: { stripe: stripe as never } },
    ],
  ])('end at their period %s instead of renewing unpaid', async (_, config) => {
    const plan = await localPlan();
    expect(await endLocalRenewals(s.db, config)).toBeGreaterThan(0);
    const { subscription } = await s.db.transaction((tx) => currentSubscription(tx, plan.id, later));
    expect(subscription.plan).toBe('free');
    expect((await listPayments(s.db, plan.id)).length).toBe(plan.paid);
  });

  it('keep renewing with the local checkout', async () => {
    const plan = await localPlan();
    expect(await endLocalRenewals(s.db, { nodeEnv: 'development', payments: { stripe: undefined } })).toBe(0);
    const { subscription } = await s.db.transaction((tx) => currentSubscription(tx, plan.id, later));
    expect(subscription.plan).toBe('standard');
    expect((await listPayments(s.db, plan.id)).length).toBeGreaterThan(plan.paid);
  });
});
