import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  SubscriptionChangeInput,
  SubscriptionChangeResponse,
  SubscriptionQuoteQuery,
  SubscriptionQuoteResponse,
  SubscriptionResponse,
  subscribePath,
} from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import {
  changeSubscription,
  currentSubscription,
  listPayments,
  quoteChange,
} from '../services/subscriptions';
import {
  paymentsMode,
  paymentsUnavailable,
  planCheckoutDescription,
  startCheckout,
} from '../services/payments';

/**
 * /subscriptions: the caller's plan: current, quote, change, cancel. A change that charges now goes through the
 * payment provider's checkout when one is configured (the plan changes on its webhook), through the local
 * checkout in development and tests, and is refused in production without a provider (services/payments.ts).
 */
export async function subscriptionRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/subscriptions/me',
    {
      schema: {
        summary: "The caller's subscription and payments",
        'x-auth': 'user',
        response: { 200: SubscriptionResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const { subscription } = await db.transaction((tx) => currentSubscription(tx, user.id, new Date()));
      return { ok: true as const, subscription, payments: await listPayments(db, user.id) };
    },
  );

  app.get(
    '/subscriptions/quote',
    {
      schema: {
        summary: 'What a plan change would cost now',
        'x-auth': 'user',
        querystring: SubscriptionQuoteQuery,
        response: { 200: SubscriptionQuoteResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const q = req.query;
      const now = new Date();
      return db.transaction(async (tx) => {
        const { row, subscription } = await currentSubscription(tx, user.id, now);
        return { ok: true as const, quote: quoteChange(row, q.plan, q.period, now), subscription };
      });
    },
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        summary: 'Subscribe, upgrade (prorated now) or downgrade (next cycle)',
        'x-auth': 'user',
        body: SubscriptionChangeInput,
        response: {
          200: SubscriptionChangeResponse,
          409: ErrorBody.describe('The change has to be paid through the checkout first'),
          502: ErrorBody.describe('The payment provider could not be reached'),
          503: ErrorBody.describe('Payments are not available (production without a payment provider)'),
        },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const b = req.body;
      const mode = paymentsMode(deps.config);
      if (mode === 'off') throw paymentsUnavailable();
      if (mode === 'provider') {
        const now = new Date();
        const { quote, subscription } = await db.transaction(async (tx) => {
          const cur = await currentSubscription(tx, user.id, now);
          return { quote: quoteChange(cur.row, b.plan, b.period, now), subscription: cur.subscription };
        });
        if (quote.charge_now_cents > 0) {
          // The amount is the server's quote; the plan changes only when the provider confirms the payment.
          const upgrade = quote.action === 'upgrade';
          const checkout = await startCheckout(
            db,
            deps.config,
            user,
            {
              kind: 'plan',
              plan: b.plan,
              period: b.period,
              amountCents: quote.charge_now_cents,
              description: planCheckoutDescription(
                b.plan,
                upgrade ? (subscription.period ?? b.period) : b.period,
                upgrade,
              ),
            },
            subscribePath(b.plan, b.period),
          );
          return {
            ok: true as const,
            subscription,
            quote,
            payment: null,
            checkout,
            message: 'Continue on the payment page; your plan changes once the payment is confirmed.',
          };
        }
        const result = await db.transaction((tx) =>
          changeSubscription(tx, user.id, b.plan, b.period, now, { billing: 'provider' }),
        );
        return { ok: true as const, ...result, checkout: null };
      }
      const result = await db.transaction((tx) =>
        changeSubscription(tx, user.id, b.plan, b.period, new Date()),
      );
      return { ok: true as const, ...result, checkout: null };
    },
  );

  app.post(
    '/subscriptions/cancel',
    {
      schema: {
        summary: 'Cancel at the end of the period',
        'x-auth': 'user',
        response: { 200: SubscriptionChangeResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const now = new Date();
      const result = await db.transaction(async (tx) => {
        const { subscription } = await currentSubscription(tx, user.id, now);
        if (subscription.status === 'free') throw badRequest('You have no paid plan to cancel.');
        if (subscription.cancel_at_period_end)
          throw badRequest('Your plan is already set to end at the end of this cycle.');
        return changeSubscription(tx, user.id, 'free', subscription.period ?? 'monthly', now);
      });
      return { ok: true as const, ...result, checkout: null };
    },
  );
}
