import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvatarInput,
  AvatarResponse,
  CoinCheckoutInput,
  CoinCheckoutResponse,
  DeleteAccountInput,
  OkMessage,
  PurchaseHistoryResponse,
  SubscriptionChangeInput,
  SubscriptionChangeResponse,
  SubscriptionQuoteQuery,
  SubscriptionQuoteResponse,
  SubscriptionResponse,
  UserOverviewResponse,
} from '@wayfarer/contracts';
import { nonJson } from '../http/route-contract';
import { z } from 'zod';
import type { Deps } from '../deps';
import { deadIdentityError, transactionAs } from '../auth/service';
import { badRequest, notFound } from '../http/errors';
import { apiBaseOf } from '../http/public-base';
import { deleteAccount } from '../services/account-deletion';
import {
  buyCoinPack,
  decodeAvatar,
  listPurchases,
  saveAvatar,
  userOverview,
} from '../services/subscription-account';
import {
  changeSubscription,
  currentSubscription,
  listPayments,
  quoteChange,
} from '../services/subscriptions';

/**
 * The signed-in user's own area: subscription (local payment provider), overview, purchase history, coin
 * top-ups, avatar and account deletion. Every route but GET /avatars/:userId needs a bearer token.
 */
const AvatarParams = z.object({ userId: z.string().uuid('Invalid user id') });

export async function subscriptionRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/users/me/overview', { schema: { summary: "The caller's account overview", 'x-auth': 'user', response: { 200: UserOverviewResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const overview = await db.transaction((tx) => userOverview(tx, user.id, new Date()));
    return { ok: true as const, overview };
  });

  app.get('/subscriptions/me', { schema: { summary: "The caller's subscription and payments", 'x-auth': 'user', response: { 200: SubscriptionResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const { subscription } = await db.transaction((tx) => currentSubscription(tx, user.id, new Date()));
    return { ok: true as const, subscription, payments: await listPayments(db, user.id) };
  });

  app.get('/subscriptions/quote', { schema: { summary: 'What a plan change would cost now', 'x-auth': 'user', querystring: SubscriptionQuoteQuery, response: { 200: SubscriptionQuoteResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const q = req.query;
    const now = new Date();
    return db.transaction(async (tx) => {
      const { row, subscription } = await currentSubscription(tx, user.id, now);
      return { ok: true as const, quote: quoteChange(row, q.plan, q.period, now), subscription };
    });
  });

  app.post('/subscriptions', { schema: { summary: 'Subscribe, upgrade (prorated now) or downgrade (next cycle)', 'x-auth': 'user', body: SubscriptionChangeInput, response: { 200: SubscriptionChangeResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const b = req.body;
    const result = await db.transaction((tx) =>
      changeSubscription(tx, user.id, b.plan, b.period, new Date()),
    );
    return { ok: true as const, ...result };
  });

  app.post('/subscriptions/cancel', { schema: { summary: 'Cancel at the end of the period', 'x-auth': 'user', response: { 200: SubscriptionChangeResponse } } }, async (req) => {
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
  });

  app.get('/users/me/purchases', { schema: { summary: "The caller's purchase history", 'x-auth': 'user', response: { 200: PurchaseHistoryResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    return { ok: true as const, items: await listPurchases(db, user.id) };
  });

  app.post('/users/me/coins/checkout', { schema: { summary: 'Buy a coin pack through the payment provider', 'x-auth': 'user', body: CoinCheckoutInput, response: { 200: CoinCheckoutResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const b = req.body;
    const r = await transactionAs(db, user.id, (tx) =>
      buyCoinPack(tx, user.id, b.pack, b.idempotency_key, new Date()),
    );
    return {
      ok: true as const,
      currency: r.currency,
      payment: r.payment,
      message: `${r.payment.description} added to your balance.`,
    };
  });

  app.put('/users/me/avatar', { schema: { summary: 'Set the caller’s avatar (data URL)', 'x-auth': 'user', body: AvatarInput, response: { 200: AvatarResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    const { image } = req.body;
    const { mime, bytes } = decodeAvatar(image);
    const url = `${apiBaseOf(deps.config, req)}/avatars/${user.id}?v=${Date.now()}`;
    await transactionAs(db, user.id, (tx) => saveAvatar(tx, user.id, mime, bytes, url));
    return { ok: true as const, avatar_url: url };
  });

  app.delete('/users/me/avatar', { schema: { summary: 'Remove the caller’s avatar', 'x-auth': 'user', response: { 200: OkMessage } } }, async (req) => {
    const user = await auth.requireUser(req);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM public.avatars WHERE user_id = $1', [user.id]);
      await tx.query('UPDATE public.profiles SET avatar_url = NULL, updated_at = now() WHERE id = $1', [
        user.id,
      ]);
    });
    return { ok: true as const, message: 'Avatar removed' };
  });

  // Image bytes are compressed already: never re-encoded.
  app.get(
    '/avatars/:userId',
    { compress: false, schema: { summary: "A user's avatar image", params: AvatarParams, response: { 200: nonJson('image/*', 'The avatar (its stored type)') } } },
    async (req, reply) => {
    const { userId } = req.params;
    const row = (
      await db.query<{ mime: string; data: Uint8Array }>(
        'SELECT mime, data FROM public.avatars WHERE user_id = $1',
        [userId],
      )
    ).rows[0];
    if (!row) throw notFound('Avatar not found');
    // The URL carries a version (?v=), so a cached copy never goes stale.
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.data) as never);
  });

  /** Deletes the account with everything it owns and takes back the likes and ratings it gave (services/account-deletion). */
  app.delete('/users/me', { schema: { summary: 'Delete the caller’s account', 'x-auth': 'user', body: DeleteAccountInput, response: { 200: OkMessage } } }, async (req) => {
    const user = await auth.requireUser(req);
    const { confirm_email } = req.body;
    if (confirm_email.toLowerCase() !== user.email.toLowerCase())
      throw badRequest('The e-mail address does not match this account.');
    const deleted = await deleteAccount(db, user.id).catch((err: unknown) => {
      if ((err as { code?: string }).code === '23503')
        throw badRequest('The account still owns data that cannot be removed; contact support.');
      throw err;
    });
    // A second deletion running at the same time found the account gone: the token no longer stands for anyone.
    if (!deleted) throw deadIdentityError('user_not_found');
    return { ok: true as const, message: 'Your account has been deleted.' };
  });
}
