import { randomUUID } from 'node:crypto';
import {
  PRICING_PLANS,
  formatUsd,
  planPriceCents,
  type BillingPeriod,
  type Payment,
  type PlanId,
  type Subscription,
  type SubscriptionQuote,
} from '@wayfarer/contracts';
import { holdUser } from '../auth/service';
import type { Queryable } from '../db/types';
import { HttpError, badRequest } from '../http/errors';

/**
 * Subscription billing with the local payment provider (no real money moves; every charge is a row in
 * public.payments). Rules from the pricing FAQ: Premium starts with a 7-day free trial once per user, upgrades
 * apply now and charge the prorated difference for the rest of the cycle, downgrades, cancellations and
 * monthly/yearly switches apply at the end of the current cycle. Renewals are settled lazily whenever the
 * subscription is read or changed, so the API stays stateless (no timers).
 */
export interface SubscriptionRow {
  plan: PlanId;
  status: 'trialing' | 'active' | 'canceled';
  period: BillingPeriod;
  pending_plan: PlanId | null;
  pending_period: BillingPeriod | null;
  trial_ends_at: Date | null;
  trial_used: boolean;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  /**
   * 'local': the development checkout charges each renewal itself; 'provider': paid through the payment provider's
   * checkout, which collects no renewal, so a boundary that would charge ends the plan instead of a free renewal.
   */
  billing: Billing;
}

export type Billing = 'local' | 'provider';

const COLS =
  'plan, status, period, pending_plan, pending_period, trial_ends_at, trial_used, current_period_start, current_period_end, cancel_at_period_end, billing';
const DAY = 86_400_000;

/** Adds one billing period, keeping the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addPeriod(from: Date, period: BillingPeriod): Date {
  const months = period === 'monthly' ? 1 : 12;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const fmtDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const per = (p: BillingPeriod) => (p === 'monthly' ? 'month' : 'year');
const name = (p: PlanId) => PRICING_PLANS[p].name;

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}

function fromDb(r: Record<string, unknown>): SubscriptionRow {
  return {
    plan: r.plan as PlanId,
    status: r.status as SubscriptionRow['status'],
    period: r.period as BillingPeriod,
    pending_plan: (r.pending_plan as PlanId | null) ?? null,
    pending_period: (r.pending_period as BillingPeriod | null) ?? null,
    trial_ends_at: toDate(r.trial_ends_at),
    trial_used: Boolean(r.trial_used),
    current_period_start: toDate(r.current_period_start)!,
    current_period_end: toDate(r.current_period_end)!,
    cancel_at_period_end: Boolean(r.cancel_at_period_end),
    billing: r.billing === 'provider' ? 'provider' : 'local',
  };
}

/** True while the row grants a paid plan. */
export function isPaid(row: SubscriptionRow | null): boolean {
  return Boolean(row && row.status !== 'canceled' && row.plan !== 'free');
}

/** The API view of a (settled) row; no row or an ended plan is the Free plan. */
export function toSubscription(row: SubscriptionRow | null): Subscription {
  const trial_available = !row?.trial_used;
  if (!row || !isPaid(row)) {
    return {
      plan: 'free',
      status: 'free',
      period: null,
      trial_ends_at: null,
      current_period_start: null,
      current_period_end: null,
      pending_plan: null,
      pending_period: null,
      cancel_at_period_end: false,
      trial_available,
    };
  }
  return {
    plan: row.plan,
    status: row.status === 'trialing' ? 'trialing' : 'active',
    period: row.period,
    trial_ends_at: row.status === 'trialing' && row.trial_ends_at ? row.trial_ends_at.toISOString() : null,
    current_period_start: row.current_period_start.toISOString(),
    current_period_end: row.current_period_end.toISOString(),
    pending_plan: row.cancel_at_period_end ? 'free' : row.pending_plan,
    pending_period: row.pending_period,
    cancel_at_period_end: row.cancel_at_period_end,
    trial_available,
  };
}

/** Prorated difference for the rest of the current cycle, in cents (never negative). */
export function prorate(
  row: SubscriptionRow,
  target: PlanId,
  now: Date,
): { cents: number; daysLeft: number } {
  const start = row.current_period_start.getTime();
  const end = row.current_period_end.getTime();
  const left = Math.max(0, end - now.getTime());
  const fraction = end > start ? Math.min(1, left / (end - start)) : 0;
  const diff = planPriceCents(target, row.period) - planPriceCents(row.plan, row.period);
  return { cents: Math.max(0, Math.round(diff * fraction)), daysLeft: Math.ceil(left / DAY) };
}

/** What confirming `plan`/`period` would do for a user whose settled row is `row`. Pure. */
export function quoteChange(
  row: SubscriptionRow | null,
  plan: PlanId,
  period: BillingPeriod,
  now: Date,
): SubscriptionQuote {
  const base = { plan, period, trial_days: 0 };
  const iso = (d: Date) => d.toISOString();
  if (!row || !isPaid(row)) {
    if (plan === 'free') {
      return {
        ...base,
        action: 'none',
        charge_now_cents: 0,
        effective_at: iso(now),
        next_charge_cents: null,
        next_charge_at: null,
        summary: 'You are on the Free plan: 3 guides per month, nothing to pay.',
      };
    }
    const price = planPriceCents(plan, period);
    const trialDays = PRICING_PLANS[plan].trialDays;
    if (trialDays > 0 && !row?.trial_used) {
      const ends = new Date(now.getTime() + trialDays * DAY);
      return {
        ...base,
        action: 'trial',
        trial_days: trialDays,
        charge_now_cents: 0,
        effective_at: iso(now),
        next_charge_cents: price,
        next_charge_at: iso(ends),
        summary: `Your ${trialDays}-day free trial of ${name(plan)} starts now and nothing is charged today. Unless you cancel before ${fmtDate(ends)}, ${formatUsd(price)} per ${per(period)} is charged from then.`,
      };
    }
    const renew = addPeriod(now, period);
    return {
      ...base,
      action: 'subscribe',
      charge_now_cents: price,
      effective_at: iso(now),
      next_charge_cents: price,
      next_charge_at: iso(renew),
      summary: `${name(plan)} starts now. You pay ${formatUsd(price)} today, then ${formatUsd(price)} per ${per(period)} from ${fmtDate(renew)}.`,
    };
  }
  const end = row.current_period_end;
  const trialing = row.status === 'trialing';
  const until = trialing
    ? `Your trial continues until ${fmtDate(end)}`
    : `You keep ${name(row.plan)} until ${fmtDate(end)}`;
  if (plan === 'free') {
    return {
      ...base,
      action: 'cancel',
      charge_now_cents: 0,
      effective_at: iso(end),
      next_charge_cents: null,
      next_charge_at: null,
      summary: `${until}; then you move to the Free plan and nothing more is charged.`,
    };
  }
  const nextPrice = planPriceCents(plan, period);
  if (plan === row.plan) {
    const pending = row.cancel_at_period_end || row.pending_plan !== null || row.pending_period !== null;
    if (period === row.period) {
      return {
        ...base,
        action: pending ? 'resume' : 'none',
        charge_now_cents: 0,
        effective_at: iso(now),
        next_charge_cents: nextPrice,
        next_charge_at: iso(end),
        summary: pending
          ? `You stay on ${name(plan)} (${period}); the scheduled change is dropped. Next charge: ${formatUsd(nextPrice)} on ${fmtDate(end)}.`
          : `You are already on ${name(plan)} (${period}). Next charge: ${formatUsd(nextPrice)} on ${fmtDate(end)}.`,
      };
    }
    return {
      ...base,
      action: 'switch_period',
      charge_now_cents: 0,
      effective_at: iso(end),
      next_charge_cents: nextPrice,
      next_charge_at: iso(end),
      summary: `Billing switches to ${period} at the end of this cycle: nothing is charged today, ${formatUsd(nextPrice)} on ${fmtDate(end)}, then every ${per(period)}.`,
    };
  }
  if (PRICING_PLANS[plan].rank > PRICING_PLANS[row.plan].rank) {
    const { cents, daysLeft } = prorate(row, plan, now);
    const switchNote = period !== row.period ? ` Billing switches to ${period} from then.` : '';
    return {
      ...base,
      action: 'upgrade',
      charge_now_cents: cents,
      effective_at: iso(now),
      next_charge_cents: nextPrice,
      next_charge_at: iso(end),
      summary: `${name(plan)} starts now. You pay ${formatUsd(cents)} today, the prorated difference for the ${daysLeft} day${daysLeft === 1 ? '' : 's'} left in this cycle, then ${formatUsd(nextPrice)} per ${per(period)} from ${fmtDate(end)}.${switchNote}`,
    };
  }
  return {
    ...base,
    action: 'downgrade',
    charge_now_cents: 0,
    effective_at: iso(end),
    next_charge_cents: nextPrice,
    next_charge_at: iso(end),
    summary: `${until}; then ${name(plan)} starts at ${formatUsd(nextPrice)} per ${per(period)}. Nothing is charged today.`,
  };
}

/**
 * Serialises a user's subscription changes. Settling may write renewals (payments), so the account is held too:
 * a deletion running meanwhile waits, one already done answers 401 instead of a foreign-key failure.
 */
export async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await holdUser(tx, userId);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`subscription:${userId}`]);
}

async function readRow(tx: Queryable, userId: string): Promise<SubscriptionRow | null> {
  const r = (
    await tx.query<Record<string, unknown>>(`SELECT ${COLS} FROM public.subscriptions WHERE user_id = $1`, [
      userId,
    ])
  ).rows[0];
  return r ? fromDb(r) : null;
}

async function writeRow(tx: Queryable, userId: string, row: SubscriptionRow): Promise<void> {
  await tx.query(
    `INSERT INTO public.subscriptions (user_id, ${COLS}, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12, now())
     ON CONFLICT (user_id) DO UPDATE SET plan = EXCLUDED.plan, status = EXCLUDED.status, period = EXCLUDED.period,
       pending_plan = EXCLUDED.pending_plan, pending_period = EXCLUDED.pending_period, trial_ends_at = EXCLUDED.trial_ends_at,
       trial_used = EXCLUDED.trial_used, current_period_start = EXCLUDED.current_period_start,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       billing = EXCLUDED.billing, updated_at = now()`,
    [
      userId,
      row.plan,
      row.status,
      row.period,
      row.pending_plan,
      row.pending_period,
      row.trial_ends_at,
      row.trial_used,
      row.current_period_start,
      row.current_period_end,
      row.cancel_at_period_end,
      row.billing,
    ],
  );
}

/** Records a charge with the local payment provider. */
export async function recordPayment(
  tx: Queryable,
  userId: string,
  cents: number,
  description: string,
  at: Date,
  ref?: string,
): Promise<Payment> {
  const provider_ref = ref ?? `local_${randomUUID()}`;
  const r = (
    await tx.query<{ id: string; created_at: Date }>(
      'INSERT INTO public.payments (user_id, amount_cents, description, provider_ref, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id, created_at',
      [userId, cents, description, provider_ref, at],
    )
  ).rows[0];
  return {
    id: r.id,
    amount_cents: cents,
    description,
    provider_ref,
    created_at: toDate(r.created_at)!.toISOString(),
  };
}

/**
 * Applies every cycle boundary that has passed: pending changes take over, trials convert, renewals are charged
 * at the boundary's time, cancelled plans end. Caller holds the user's lock inside a transaction.
 */
export async function settle(tx: Queryable, userId: string, now: Date): Promise<SubscriptionRow | null> {
  const row = await readRow(tx, userId);
  if (!row || !isPaid(row) || row.current_period_end.getTime() > now.getTime()) return row;
  let guard = 0;
  while (isPaid(row) && row.current_period_end.getTime() <= now.getTime() && guard++ < 500) {
    const boundary = row.current_period_end;
    const plan = row.cancel_at_period_end ? 'free' : (row.pending_plan ?? row.plan);
    const period = row.pending_period ?? row.period;
    // Nothing collects a provider-billed renewal: the plan ends rather than renewing unpaid.
    if (plan === 'free' || row.billing === 'provider') {
      Object.assign(row, {
        status: 'canceled',
        plan: 'free',
        pending_plan: null,
        pending_period: null,
        cancel_at_period_end: false,
        current_period_start: boundary,
      });
      break;
    }
    const cents = planPriceCents(plan, period);
    const what = row.status === 'trialing' ? 'first charge after the free trial' : 'renewal';
    await recordPayment(tx, userId, cents, `${name(plan)} (${period}) ${what}`, boundary);
    Object.assign(row, {
      status: 'active',
      plan,
      period,
      pending_plan: null,
      pending_period: null,
      current_period_start: boundary,
      current_period_end: addPeriod(boundary, period),
    });
  }
  await writeRow(tx, userId, row);
  return row;
}

export interface ChangeResult {
  subscription: Subscription;
  quote: SubscriptionQuote;
  payment: Payment | null;
  message: string;
}

export interface ChangeOptions {
  /** Who collects the plan's charges from now on (the new row's `billing`); default: the row's, else 'local'. */
  billing?: Billing;
  /**
   * With 'provider' billing, a change that charges now needs this: the payment the provider confirmed (the
   * webhook). Without it such a change is refused; no charge is ever recorded locally for a provider-billed change.
   */
  paid?: Payment;
}

/**
 * Confirms a change: with the local payment provider (development) the charge is recorded here; with the real
 * one only an uncharged change (trial, downgrade, period switch, resume, cancel) or a change the provider has
 * confirmed as paid (`opts.paid`). Caller runs it in a transaction.
 */
export async function changeSubscription(
  tx: Queryable,
  userId: string,
  plan: PlanId,
  period: BillingPeriod,
  now: Date,
  opts: ChangeOptions = {},
): Promise<ChangeResult> {
  await lockUser(tx, userId);
  const row = await settle(tx, userId, now);
  const quote = quoteChange(row, plan, period, now);
  const billing: Billing = opts.billing ?? row?.billing ?? 'local';
  const viaProvider = billing === 'provider';
  if (viaProvider && !opts.paid && quote.charge_now_cents > 0)
    throw new HttpError(
      409,
      'This change has to be paid first; start the checkout again.',
      'payment_required',
    );
  if (opts.paid && quote.action !== 'subscribe' && quote.action !== 'upgrade') {
    // Paid for, but the plan changed meanwhile (another checkout was confirmed first): the payment stays on record.
    return {
      subscription: toSubscription(row),
      quote,
      payment: opts.paid,
      message: 'Your payment was received; your plan had already changed.',
    };
  }
  const charge = async (cents: number, description: string) =>
    opts.paid ?? (await recordPayment(tx, userId, cents, description, now));
  let next: SubscriptionRow;
  let payment: Payment | null = null;
  switch (quote.action) {
    case 'none':
      throw badRequest(
        plan === 'free'
          ? 'You are already on the Free plan.'
          : `You are already on ${name(plan)} (${period}).`,
      );
    case 'trial': {
      const ends = new Date(quote.next_charge_at!);
      next = {
        plan,
        status: 'trialing',
        period,
        pending_plan: null,
        pending_period: null,
        trial_ends_at: ends,
        trial_used: true,
        current_period_start: now,
        current_period_end: ends,
        cancel_at_period_end: false,
        billing,
      };
      break;
    }
    case 'subscribe':
      next = {
        plan,
        status: 'active',
        period,
        pending_plan: null,
        pending_period: null,
        trial_ends_at: row?.trial_ends_at ?? null,
        trial_used: row?.trial_used ?? false,
        current_period_start: now,
        current_period_end: addPeriod(now, period),
        cancel_at_period_end: false,
        billing,
      };
      payment = await charge(quote.charge_now_cents, `${name(plan)} (${period})`);
      break;
    case 'upgrade':
      next = {
        ...row!,
        plan,
        pending_plan: null,
        pending_period: period !== row!.period ? period : null,
        cancel_at_period_end: false,
        billing,
      };
      if (quote.charge_now_cents > 0 || opts.paid) {
        payment = await charge(quote.charge_now_cents, `Upgrade to ${name(plan)} (prorated, ${row!.period})`);
      }
      break;
    case 'downgrade':
      next = {
        ...row!,
        pending_plan: plan,
        pending_period: period !== row!.period ? period : null,
        cancel_at_period_end: false,
        billing,
      };
      break;
    case 'switch_period':
      next = { ...row!, pending_plan: null, pending_period: period, cancel_at_period_end: false, billing };
      break;
    case 'resume':
      next = { ...row!, pending_plan: null, pending_period: null, cancel_at_period_end: false, billing };
      break;
    case 'cancel':
      next = { ...row!, pending_plan: null, pending_period: null, cancel_at_period_end: true, billing };
      break;
  }
  await writeRow(tx, userId, next);
  const messages: Record<SubscriptionQuote['action'], string> = {
    none: '',
    trial: `Your ${name(plan)} trial has started.`,
    subscribe: `You are now on ${name(plan)}.`,
    upgrade: `You are now on ${name(plan)}.`,
    downgrade: `${name(plan)} starts at the end of this cycle.`,
    switch_period: `Billing switches to ${period} at the end of this cycle.`,
    resume: `You stay on ${name(plan)}.`,
    cancel: 'Your plan ends at the end of this cycle.',
  };
  return { subscription: toSubscription(next), quote, payment, message: messages[quote.action] };
}

/** The settled subscription of a user (renewals applied). Caller runs it in a transaction. */
export async function currentSubscription(
  tx: Queryable,
  userId: string,
  now: Date,
): Promise<{ row: SubscriptionRow | null; subscription: Subscription }> {
  await lockUser(tx, userId);
  const row = await settle(tx, userId, now);
  return { row, subscription: toSubscription(row) };
}

export async function listPayments(db: Queryable, userId: string, limit = 20): Promise<Payment[]> {
  const { rows } = await db.query<{
    id: string;
    amount_cents: number;
    description: string;
    provider_ref: string;
    created_at: Date;
  }>(
    'SELECT id, amount_cents, description, provider_ref, created_at FROM public.payments WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    [userId, limit],
  );
  return rows.map((r) => ({ ...r, created_at: toDate(r.created_at)!.toISOString() }));
}
