import { z } from 'zod';
import { BILLING_PERIODS, COIN_PACKS, PLAN_IDS } from './pricing';
import { text } from './api/input';

/**
 * Schemas of the signed-in user's own area: subscription, checkout quotes, overview, purchase history, coin
 * top-ups, avatar and account deletion. Shared by api/src/routes/subscriptions.ts and @wayfarer/api-client.
 */
export const PlanIdSchema = z.enum(PLAN_IDS);
export const BillingPeriodSchema = z.enum(BILLING_PERIODS);

/** 'free' when the user has no paid plan (never subscribed, or a cancelled plan ran out). */
export const SubscriptionStatus = z.enum(['free', 'trialing', 'active']);

export const Subscription = z.object({
  plan: PlanIdSchema,
  status: SubscriptionStatus,
  period: BillingPeriodSchema.nullable(),
  trial_ends_at: z.string().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** Plan and period that take over at current_period_end (downgrade, cancellation, billing switch). */
  pending_plan: PlanIdSchema.nullable(),
  pending_period: BillingPeriodSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  /** Whether the premium free trial is still available to this user. */
  trial_available: z.boolean(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Payment = z.object({
  id: z.string(),
  amount_cents: z.number(),
  description: z.string(),
  provider_ref: z.string(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;

export const SubscriptionResponse = z.object({
  ok: z.literal(true),
  subscription: Subscription,
  payments: z.array(Payment),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const SubscriptionChangeInput = z.object({ plan: PlanIdSchema, period: BillingPeriodSchema });
export type SubscriptionChangeInput = z.infer<typeof SubscriptionChangeInput>;
export const SubscriptionQuoteQuery = SubscriptionChangeInput;

export const QuoteAction = z.enum([
  'subscribe',
  'trial',
  'upgrade',
  'downgrade',
  'switch_period',
  'resume',
  'cancel',
  'none',
]);
export type QuoteAction = z.infer<typeof QuoteAction>;

/** What confirming a change would do, computed by the API so the page shows the exact amounts it will charge. */
export const SubscriptionQuote = z.object({
  action: QuoteAction,
  plan: PlanIdSchema,
  period: BillingPeriodSchema,
  /** Charged at confirmation (prorated for an upgrade; 0 for a trial, a downgrade or a period switch). */
  charge_now_cents: z.number(),
  /** When the requested plan/period takes effect (now, or the end of the current cycle). */
  effective_at: z.string(),
  /** The next regular charge and its date, once the change applies; null when nothing more is charged. */
  next_charge_cents: z.number().nullable(),
  next_charge_at: z.string().nullable(),
  trial_days: z.number(),
  /** One or two sentences explaining the change with its amounts. */
  summary: z.string(),
});
export type SubscriptionQuote = z.infer<typeof SubscriptionQuote>;
export const SubscriptionQuoteResponse = z.object({
  ok: z.literal(true),
  quote: SubscriptionQuote,
  subscription: Subscription,
});

/**
 * A payment waiting at the payment provider: the browser goes to `url` (the provider's checkout page) and comes
 * back to the shop or the plan page. Nothing is credited until the provider confirms the payment to the API.
 */
export const CheckoutRedirect = z.object({ order_id: z.string(), url: z.string() });
export type CheckoutRedirect = z.infer<typeof CheckoutRedirect>;

export const SubscriptionChangeResponse = z.object({
  ok: z.literal(true),
  subscription: Subscription,
  quote: SubscriptionQuote,
  payment: Payment.nullable(),
  /** Set when the change is paid through the provider: the plan changes once the payment is confirmed. */
  checkout: CheckoutRedirect.nullable().default(null),
  message: z.string(),
});
export type SubscriptionChangeResponse = z.infer<typeof SubscriptionChangeResponse>;

export const PurchaseHistoryItem = z.object({
  id: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  item_kind: z.string(),
  price: z.number(),
  created_at: z.string(),
});
export type PurchaseHistoryItem = z.infer<typeof PurchaseHistoryItem>;
export const PurchaseHistoryResponse = z.object({ ok: z.literal(true), items: z.array(PurchaseHistoryItem) });

export const UploadSummary = z.object({
  id: z.string(),
  sight_id: z.string(),
  sight_name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type UploadSummary = z.infer<typeof UploadSummary>;

export const UserOverview = z.object({
  subscription: Subscription,
  guides: z.object({
    used_this_month: z.number(),
    /** null = unlimited. */
    limit: z.number().nullable(),
    month_start: z.string(),
  }),
  balance: z.number(),
  comments: z.object({ count: z.number(), ratings: z.number(), replies: z.number() }),
  uploads: z.object({
    total: z.number(),
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    recent: z.array(UploadSummary),
  }),
  purchases: z.object({ count: z.number(), coins_spent: z.number(), recent: z.array(PurchaseHistoryItem) }),
});
export type UserOverview = z.infer<typeof UserOverview>;
export const UserOverviewResponse = z.object({ ok: z.literal(true), overview: UserOverview });

export const CoinPackId = z.enum(COIN_PACKS.map((p) => p.id) as [string, ...string[]]);
export const CoinCheckoutInput = z.object({
  pack: CoinPackId,
  idempotency_key: text().min(1).max(100).optional(),
});
/** The local checkout credits at once (`payment`); the provider's answers `checkout` and credits on its webhook. */
export const CoinCheckoutResponse = z.object({
  ok: z.literal(true),
  currency: z.number(),
  payment: Payment.nullable(),
  checkout: CheckoutRedirect.nullable().default(null),
  message: z.string(),
});
export type CoinCheckoutResponse = z.infer<typeof CoinCheckoutResponse>;

/** An avatar as a data URL (the page crops it square and encodes it); at most 512 KB of image data. */
export const AvatarInput = z.object({
  image: z
    .string()
    .max(700_000, 'The image is too large (512 KB at most).')
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, 'The image must be a JPEG, PNG or WebP.'),
});
export const AvatarResponse = z.object({ ok: z.literal(true), avatar_url: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

/** Deleting the account needs the account's e-mail typed again. */
export const DeleteAccountInput = z.object({
  confirm_email: text().trim().min(1, 'Type your e-mail address to confirm.').max(320),
});

/** The payment provider's webhook answer (its delivery is retried until a 2xx). */
export const PaymentWebhookResponse = z.object({ received: z.literal(true) });
