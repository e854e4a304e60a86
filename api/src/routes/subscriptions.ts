import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SubscriptionChangeInput,
  SubscriptionChangeResponse,
  SubscriptionQuoteQuery,
  SubscriptionQuoteResponse,
  SubscriptionResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import {
  changeSubscription,
  currentSubscription,
  listPayments,
  quoteChange,
} from '../services/subscriptions';

/** /subscriptions: the caller's plan (local payment provider): current, quote, change, cancel. */
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
        response: { 200: SubscriptionChangeResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const b = req.body;
      const result = await db.transaction((tx) =>
        changeSubscription(tx, user.id, b.plan, b.period, new Date()),
      );
      return { ok: true as const, ...result };
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
      return { ok: true as const, ...result };
    },
  );
}
