import {
  COIN_PACKS,
  PRICING_PLANS,
  type Payment,
  type PurchaseHistoryItem,
  type UploadSummary,
  type UserOverview,
} from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { badRequest } from '../http/errors';
import { currentSubscription, recordPayment } from './subscriptions';

/** The signed-in user's own data around the subscription: overview, purchases, coin top-ups, avatar. */

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function balanceOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT COALESCE(sum(amount), 0)::int AS n FROM public.currency_ledger WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function listPurchases(
  db: Queryable,
  userId: string,
  limit = 50,
): Promise<PurchaseHistoryItem[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT p.id, p.item_id, i.name AS item_name, i.kind AS item_kind, p.price, p.created_at
       FROM public.purchases p JOIN public.shop_items i ON i.id = p.item_id
      WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    item_id: String(r.item_id),
    item_name: String(r.item_name),
    item_kind: String(r.item_kind),
    price: Number(r.price),
    created_at: iso(r.created_at),
  }));
}

/** Guides generated since the first of this month (UTC) against the plan's monthly allowance. */
export async function guidesThisMonth(db: Queryable, userId: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM public.guides WHERE user_id = $1 AND created_at >= $2',
    [userId, monthStartUtc(now)],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Everything /overview shows. Runs in a transaction because reading the subscription may settle a renewal. */
export async function userOverview(tx: Queryable, userId: string, now: Date): Promise<UserOverview> {
  const { subscription } = await currentSubscription(tx, userId, now);
  // Sequential on purpose: one transaction is one connection.
  const used = await guidesThisMonth(tx, userId, now);
  const balance = await balanceOf(tx, userId);
  const comments = await tx.query<{ count: number; ratings: number; replies: number }>(
    'SELECT count(*)::int AS count, count(rating)::int AS ratings, count(parent_id)::int AS replies FROM public.comments WHERE user_id = $1',
    [userId],
  );
  const uploads = await tx.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM public.sight_images WHERE user_id = $1 GROUP BY status',
    [userId],
  );
  const recentUploads = await tx.query<Record<string, unknown>>(
    `SELECT i.id, i.sight_id, s.name AS sight_name, i.status, i.created_at
       FROM public.sight_images i JOIN public.sights s ON s.id = i.sight_id
      WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.id LIMIT 10`,
    [userId],
  );
  const purchaseTotals = await tx.query<{ count: number; spent: number }>(
    'SELECT count(*)::int AS count, COALESCE(sum(price), 0)::int AS spent FROM public.purchases WHERE user_id = $1',
    [userId],
  );
  const purchases = await listPurchases(tx, userId, 10);
  const byStatus = Object.fromEntries(uploads.rows.map((r) => [r.status, Number(r.n)])) as Record<
    string,
    number
  >;
  const c = comments.rows[0];
  return {
    subscription,
    guides: {
      used_this_month: used,
      limit: PRICING_PLANS[subscription.plan].guidesPerMonth,
      month_start: monthStartUtc(now).toISOString(),
    },
    balance,
    comments: {
      count: Number(c?.count ?? 0),
      ratings: Number(c?.ratings ?? 0),
      replies: Number(c?.replies ?? 0),
    },
    uploads: {
      total: (byStatus.pending ?? 0) + (byStatus.approved ?? 0) + (byStatus.rejected ?? 0),
      pending: byStatus.pending ?? 0,
      approved: byStatus.approved ?? 0,
      rejected: byStatus.rejected ?? 0,
      recent: recentUploads.rows.map(
        (r): UploadSummary => ({
          id: String(r.id),
          sight_id: String(r.sight_id),
          sight_name: String(r.sight_name),
          status: r.status as UploadSummary['status'],
          created_at: iso(r.created_at),
        }),
      ),
    },
    purchases: {
      count: Number(purchaseTotals.rows[0]?.count ?? 0),
      coins_spent: Number(purchaseTotals.rows[0]?.spent ?? 0),
      recent: purchases,
    },
  };
}

/**
 * Buys a coin pack through the local payment provider: one payment row and one ledger credit. Takes the same
 * per-user ledger lock as shop purchases. An idempotency key makes a retried request credit once.
 */
export async function buyCoinPack(
  tx: Queryable,
  userId: string,
  packId: string,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ currency: number; payment: Payment; replayed: boolean }> {
  const pack = COIN_PACKS.find((p) => p.id === packId);
  if (!pack) throw badRequest('Unknown coin pack');
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ledger:${userId}`]);
  const ref = idempotencyKey ? `local_coins_${userId}_${idempotencyKey}` : undefined;
  if (ref) {
    const prior = (
      await tx.query<Record<string, unknown>>(
        'SELECT id, amount_cents, description, provider_ref, created_at FROM public.payments WHERE provider_ref = $1',
        [ref],
      )
    ).rows[0];
    if (prior) {
      const payment: Payment = {
        id: String(prior.id),
        amount_cents: Number(prior.amount_cents),
        description: String(prior.description),
        provider_ref: String(prior.provider_ref),
        created_at: iso(prior.created_at),
      };
      return { currency: await balanceOf(tx, userId), payment, replayed: true };
    }
  }
  const payment = await recordPayment(tx, userId, pack.priceCents, `${pack.coins} coins`, now, ref);
  await tx.query(
    "INSERT INTO public.currency_ledger (user_id, amount, reason, ref) VALUES ($1, $2, 'top_up', $3)",
    [userId, pack.coins, payment.id],
  );
  return { currency: await balanceOf(tx, userId), payment, replayed: false };
}

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) =>
    b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.length > 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};
export const AVATAR_MAX_BYTES = 512 * 1024;

/** Decodes and checks an avatar data URL: the declared type must match the bytes, at most 512 KB. */
export function decodeAvatar(dataUrl: string): { mime: string; bytes: Buffer } {
  const m = /^data:(image\/(?:jpeg|png|webp));base64,(.*)$/s.exec(dataUrl);
  if (!m) throw badRequest('The image must be a JPEG, PNG or WebP.');
  const bytes = Buffer.from(m[2], 'base64');
  if (!bytes.length) throw badRequest('The image is empty.');
  if (bytes.length > AVATAR_MAX_BYTES) throw badRequest('The image is too large (512 KB at most).');
  if (!MAGIC[m[1]](bytes)) throw badRequest('The file is not a valid image of the declared type.');
  return { mime: m[1], bytes };
}

export async function saveAvatar(
  tx: Queryable,
  userId: string,
  mime: string,
  bytes: Buffer,
  url: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO public.avatars (user_id, mime, data, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET mime = EXCLUDED.mime, data = EXCLUDED.data, updated_at = now()`,
    [userId, mime, bytes],
  );
  await tx.query(
    `INSERT INTO public.profiles (id, avatar_url) VALUES ($1, $2)
     ON CONFLICT (id) DO UPDATE SET avatar_url = EXCLUDED.avatar_url, updated_at = now()`,
    [userId, url],
  );
}

/** Removes the caller's avatar picture and its URL on the profile. */
export async function removeAvatar(tx: Queryable, userId: string): Promise<void> {
  await tx.query('DELETE FROM public.avatars WHERE user_id = $1', [userId]);
  await tx.query('UPDATE public.profiles SET avatar_url = NULL, updated_at = now() WHERE id = $1', [userId]);
}

export async function loadAvatar(
  db: Queryable,
  userId: string,
): Promise<{ mime: string; data: Uint8Array } | undefined> {
  return (
    await db.query<{ mime: string; data: Uint8Array }>(
      'SELECT mime, data FROM public.avatars WHERE user_id = $1',
      [userId],
    )
  ).rows[0];
}
