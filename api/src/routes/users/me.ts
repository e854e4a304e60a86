import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoinCheckoutInput,
  CoinCheckoutResponse,
  CurrencyResponse,
  DeleteAccountInput,
  ErrorBody,
  OkMessage,
  PurchaseHistoryResponse,
  UserOverviewResponse,
} from '@wayfarer/contracts';
import type { Deps } from '../../deps';
import { deadIdentityError, transactionAs } from '../../auth/service';
import { badRequest } from '../../http/errors';
import { deleteAccount } from '../../services/account-deletion';
import { paymentsMode, paymentsUnavailable, startCheckout } from '../../services/payments';
import { balanceOf, buyCoinPack, listPurchases, userOverview } from '../../services/subscription-account';

/** /users/currency and /users/me: the signed-in user's balance, overview, purchase history, coin top-ups and account deletion. */
export async function userRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/currency',
    {
      schema: { summary: "The caller's coin balance", 'x-auth': 'user', response: { 200: CurrencyResponse } },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      return { currency: await balanceOf(db, user.id) };
    },
  );

  app.get(
    '/users/me/overview',
    {
      schema: {
        summary: "The caller's account overview",
        'x-auth': 'user',
        response: { 200: UserOverviewResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const overview = await db.transaction((tx) => userOverview(tx, user.id, new Date()));
      return { ok: true as const, overview };
    },
  );

  app.get(
    '/users/me/purchases',
    {
      schema: {
        summary: "The caller's purchase history",
        'x-auth': 'user',
        response: { 200: PurchaseHistoryResponse },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      return { ok: true as const, items: await listPurchases(db, user.id) };
    },
  );

  app.post(
    '/users/me/coins/checkout',
    {
      schema: {
        summary: 'Buy a coin pack through the payment provider',
        'x-auth': 'user',
        body: CoinCheckoutInput,
        response: {
          200: CoinCheckoutResponse,
          409: ErrorBody.describe('The checkout of this idempotency key is already finished'),
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
        // Nothing is credited here: the provider's webhook credits the pack once it is paid.
        const checkout = await startCheckout(
          db,
          deps.config,
          user,
          { kind: 'coins', pack: b.pack },
          '/shop',
          b.idempotency_key,
        );
        return {
          ok: true as const,
          currency: await balanceOf(db, user.id),
          payment: null,
          checkout,
          message: 'Continue on the payment page; the coins are added once the payment is confirmed.',
        };
      }
      const r = await transactionAs(db, user.id, (tx) =>
        buyCoinPack(tx, user.id, b.pack, b.idempotency_key, new Date()),
      );
      return {
        ok: true as const,
        currency: r.currency,
        payment: r.payment,
        checkout: null,
        message: `${r.payment.description} added to your balance.`,
      };
    },
  );

  /** Deletes the account with everything it owns and takes back the likes and ratings it gave (services/account-deletion). */
  app.delete(
    '/users/me',
    {
      schema: {
        summary: 'Delete the caller’s account',
        'x-auth': 'user',
        body: DeleteAccountInput,
        response: { 200: OkMessage },
      },
    },
    async (req) => {
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
    },
  );
}
