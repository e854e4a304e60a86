import Stripe from 'stripe';
import { z } from 'zod';
import {
  COIN_PACKS,
  PRICING_PLANS,
  type BillingPeriod,
  type CheckoutRedirect,
  type Payment,
  type PlanId,
} from '@wayfarer/contracts';
import type { Config, StripeConfig } from '../config/env';
import type { Db, Queryable } from '../db/types';
import { HttpError, badRequest } from '../http/errors';
import { holdUser } from '../auth/service';
import { changeSubscription, recordPayment } from './subscriptions';

/**
 * Payments through a hosted provider (Stripe Checkout). A checkout call records what is being bought (the coin pack
 * or the plan change, with the amount the server computed) as a pending row and answers the provider's checkout
 * page; the browser pays there. Only the provider's signed webhook (`checkout.session.completed` with
 * `payment_status: 'paid'`, or `checkout.session.async_payment_succeeded`) turns that row into a payment and credits
 * exactly what the row names, once: each event id is recorded, and a row leaves `pending` only once.
 *
 * Without a provider: the instant local checkout in development and tests (`npm start` works offline), and no
 * payments at all in production.
 */
export type PaymentsMode = 'provider' | 'local' | 'off';

export function paymentsMode(config: Pick<Config, 'nodeEnv' | 'payments'>): PaymentsMode {
  if (config.payments.stripe) return 'provider';
  return config.nodeEnv === 'production' ? 'off' : 'local';
}

export const PAYMENTS_UNAVAILABLE = 'Payments are not available.';

/** The answer of a checkout call in production with no payment provider configured. */
export const paymentsUnavailable = () => new HttpError(503, PAYMENTS_UNAVAILABLE, 'payments_unavailable');

const clients = new WeakMap<StripeConfig, Stripe>();

/** One client per configuration; STRIPE_API_URL points it at another host (a stand-in in tests). */
function stripeFor(cfg: StripeConfig): Stripe {
  let c = clients.get(cfg);
  if (!c) {
    const u = new URL(cfg.apiUrl);
    c = new Stripe(cfg.secretKey, {
      host: u.hostname,
      port: u.port || (u.protocol === 'http:' ? 80 : 443),
      protocol: u.protocol === 'http:' ? 'http' : 'https',
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(cfg, c);
  }
  return c;
}

export type CheckoutItem =
  | { kind: 'coins'; pack: string }
  | { kind: 'plan'; plan: PlanId; period: BillingPeriod; amountCents: number; description: string };

interface CheckoutRow {
  id: string;
  user_id: string;
  kind: 'coins' | 'plan';
  pack: string | null;
  coins: number | null;
  plan: PlanId | null;
  period: BillingPeriod | null;
  amount_cents: number;
  currency: string;
  description: string;
  provider_session_id: string | null;
  checkout_url: string | null;
  status: 'pending' | 'paid' | 'expired' | 'failed';
}

const ROW_COLS =
  'id, user_id, kind, pack, coins, plan, period, amount_cents, currency, description, provider_session_id, checkout_url, status';

/** What the pending row holds: the price is the server's (the pack list, the quote), never the client's. */
function priced(item: CheckoutItem) {
  if (item.kind === 'coins') {
    const pack = COIN_PACKS.find((p) => p.id === item.pack);
    if (!pack) throw badRequest('Unknown coin pack');
    return {
      kind: 'coins' as const,
      pack: pack.id,
      coins: pack.coins,
      plan: null,
      period: null,
      amount: pack.priceCents,
      description: `${pack.coins} coins`,
    };
  }
  return {
    kind: 'plan' as const,
    pack: null,
    coins: null,
    plan: item.plan,
    period: item.period,
    amount: item.amountCents,
    description: item.description,
  };
}

/**
 * Records a pending checkout (or finds the caller's earlier one with the same idempotency key). Its own
 * transaction, committed before the provider is called, so a provider session always has its row.
 */
async function openCheckout(
  db: Db,
  userId: string,
  item: CheckoutItem,
  idempotencyKey: string | undefined,
): Promise<CheckoutRow> {
  const p = priced(item);
  return db.transaction(async (tx) => {
    await holdUser(tx, userId);
    if (idempotencyKey) {
      const prior = (
        await tx.query<CheckoutRow>(
          `SELECT ${ROW_COLS} FROM public.payment_checkouts WHERE user_id = $1 AND idempotency_key = $2`,
          [userId, idempotencyKey],
        )
      ).rows[0];
      if (prior) return prior;
    }
    return (
      await tx.query<CheckoutRow>(
        `INSERT INTO public.payment_checkouts (user_id, kind, pack, coins, plan, period, amount_cents, description, provider, idempotency_key)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'stripe',$9)
         ON CONFLICT (user_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING ${ROW_COLS}`,
        [userId, p.kind, p.pack, p.coins, p.plan, p.period, p.amount, p.description, idempotencyKey ?? null],
      )
    ).rows[0]!;
  });
}

/**
 * Starts a payment at the provider for `item`: a pending row, then a Checkout Session (mode 'payment', one line
 * with the server's amount, the row and user ids in its metadata, back to the shell's page on success or cancel).
 * Credits nothing. A retried call with the same idempotency key answers the same checkout.
 */
export async function startCheckout(
  db: Db,
  config: Pick<Config, 'payments' | 'publicSiteOrigin'>,
  user: { id: string; email: string },
  item: CheckoutItem,
  returnPath: string,
  idempotencyKey?: string,
): Promise<CheckoutRedirect> {
  const cfg = config.payments.stripe;
  if (!cfg) throw paymentsUnavailable();
  const row = await openCheckout(db, user.id, item, idempotencyKey);
  if (row.status !== 'pending')
    throw new HttpError(409, 'This checkout is already finished.', 'checkout_done');
  if (row.checkout_url) return { order_id: row.id, url: row.checkout_url };
  const back = (outcome: 'success' | 'cancelled') => {
    const u = new URL(returnPath, config.publicSiteOrigin);
    u.searchParams.set('checkout', outcome);
    u.searchParams.set('order', row.id);
    return u.toString();
  };
  let session: Stripe.Response<Stripe.Checkout.Session>;
  try {
    session = await stripeFor(cfg).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: row.currency,
              unit_amount: row.amount_cents,
              product_data: { name: row.description },
            },
          },
        ],
        client_reference_id: row.id,
        customer_email: user.email,
        metadata: { order_id: row.id, user_id: user.id, kind: row.kind },
        success_url: back('success'),
        cancel_url: back('cancelled'),
      },
      // The provider answers a retried create with the same session.
      { idempotencyKey: `wayfarer-checkout-${row.id}` },
    );
  } catch {
    throw new HttpError(
      502,
      'The payment provider could not be reached; try again.',
      'payment_provider_error',
    );
  }
  if (!session.url) throw new HttpError(502, 'The payment provider gave no checkout page; try again.');
  await db.query(
    "UPDATE public.payment_checkouts SET provider_session_id = $2, checkout_url = $3 WHERE id = $1 AND status = 'pending'",
    [row.id, session.id, session.url],
  );
  return { order_id: row.id, url: session.url };
}

/** The part of a Checkout Session event the webhook reads (Stripe sends much more). */
const SessionEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.object({
    object: z
      .object({
        id: z.string().min(1).max(255),
        object: z.string().optional(),
        payment_status: z.string().optional(),
        amount_total: z.number().nullable().optional(),
        currency: z.string().nullable().optional(),
        client_reference_id: z.string().nullable().optional(),
        metadata: z.record(z.string()).nullable().optional(),
        payment_intent: z.string().nullable().optional(),
      })
      .passthrough(),
  }),
});
type SessionEvent = z.infer<typeof SessionEvent>;

/**
 * The verified event of a webhook request: the Stripe-Signature header must carry a v1 HMAC-SHA256 of
 * `<t>.<raw body>` under the webhook secret, with `t` within the tolerance window (a replayed old delivery is
 * refused). 400 otherwise, naming no secret.
 */
export function verifyWebhook(
  config: Pick<Config, 'payments'>,
  rawBody: Buffer | string,
  signatureHeader: string | string[] | undefined,
): SessionEvent {
  const cfg = config.payments.stripe;
  if (!cfg) throw new HttpError(404, 'No payment provider is configured.', 'payments_unavailable');
  if (typeof signatureHeader !== 'string' || !signatureHeader)
    throw badRequest('The Stripe-Signature header is missing.');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      cfg.webhookSecret,
      cfg.webhookToleranceSeconds,
    );
  } catch {
    throw new HttpError(400, 'The webhook signature is not valid.', 'invalid_signature');
  }
  const parsed = SessionEvent.safeParse(event);
  if (!parsed.success) throw badRequest('The event is not a Stripe event.');
  return parsed.data;
}

const FULFIL = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAIL: Record<string, CheckoutRow['status']> = {
  'checkout.session.expired': 'expired',
  'checkout.session.async_payment_failed': 'failed',
};

/**
 * Applies a verified event once: a repeated event id changes nothing, and a checkout leaves `pending` only once
 * (two different events for one paid session credit once). A paid session credits what its row names: the pack's
 * coins, or the plan change (services/subscriptions.ts, as paid). An amount or currency that does not match the
 * row credits nothing. Events of unknown sessions or other types are acknowledged and ignored.
 */
export async function handlePaymentEvent(db: Db, event: SessionEvent, now: Date): Promise<void> {
  const fulfil = FULFIL.has(event.type);
  const fail = FAIL[event.type];
  if (!fulfil && !fail) return;
  const session = event.data.object;
  await db.transaction(async (tx) => {
    const fresh = await tx.query(
      'INSERT INTO public.payment_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
      [event.id, event.type],
    );
    if (!fresh.rowCount) return;
    const row = (
      await tx.query<CheckoutRow>(
        `SELECT ${ROW_COLS} FROM public.payment_checkouts WHERE provider_session_id = $1 FOR UPDATE`,
        [session.id],
      )
    ).rows[0];
    if (!row || row.status !== 'pending') return;
    if (session.metadata?.order_id && session.metadata.order_id !== row.id) return;
    if (fail) {
      await tx.query('UPDATE public.payment_checkouts SET status = $2, completed_at = $3 WHERE id = $1', [
        row.id,
        fail,
        now,
      ]);
      return;
    }
    if (session.payment_status !== 'paid') return;
    if (
      session.amount_total !== row.amount_cents ||
      (session.currency ?? '').toLowerCase() !== row.currency
    ) {
      await tx.query(
        "UPDATE public.payment_checkouts SET status = 'failed', completed_at = $2 WHERE id = $1",
        [row.id, now],
      );
      return;
    }
    await holdUser(tx, row.user_id);
    const payment = await recordPayment(
      tx,
      row.user_id,
      row.amount_cents,
      row.description,
      now,
      `stripe_${session.id}`,
    );
    await tx.query(
      "UPDATE public.payment_checkouts SET status = 'paid', completed_at = $2, payment_id = $3 WHERE id = $1",
      [row.id, now, payment.id],
    );
    if (row.kind === 'coins') await creditCoins(tx, row.user_id, row.coins!, payment);
    else
      await changeSubscription(tx, row.user_id, row.plan!, row.period!, now, {
        billing: 'provider',
        paid: payment,
      });
  });
}

/** A paid coin pack: one ledger credit, under the same per-user ledger lock as shop purchases. */
async function creditCoins(tx: Queryable, userId: string, coins: number, payment: Payment): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ledger:${userId}`]);
  await tx.query(
    "INSERT INTO public.currency_ledger (user_id, amount, reason, ref) VALUES ($1, $2, 'top_up', $3)",
    [userId, coins, payment.id],
  );
}

/** The description a plan checkout's line shows (and the payment row keeps). */
export function planCheckoutDescription(plan: PlanId, period: BillingPeriod, upgrade: boolean): string {
  const name = PRICING_PLANS[plan].name;
  return upgrade ? `Upgrade to ${name} (prorated, ${period})` : `${name} (${period})`;
}

/**
 * Plans bought through the local checkout before a real provider (or production's "no payments") took over were
 * never paid, and nothing collects their renewals any more: they keep the period they have and end at its
 * boundary, as a provider-billed plan does, instead of renewing with local charges no one pays. Outside that (the
 * local checkout) nothing changes. Returns how many plans were moved.
 */
export async function endLocalRenewals(
  db: Queryable,
  config: Pick<Config, 'nodeEnv' | 'payments'>,
): Promise<number> {
  if (paymentsMode(config) === 'local') return 0;
  const r = await db.query(
    `UPDATE public.subscriptions SET billing = 'provider', updated_at = now()
      WHERE billing = 'local' AND plan <> 'free'`,
  );
  return r.rowCount;
}
