import type { AdminShopItem, AdminShopItemInput, AdminShopItemPatch, ShopItem } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { audit } from './audit';
import { uniqueShopSlug } from './admin-content';
import { balanceOf } from './subscription-account';

/** The coin shop: items, purchases against the currency ledger, and the admin item CRUD (sales from purchases). */
const SHOP_COLS = 'id, slug, name, description, price, kind, is_active, image_url';
const ADMIN_SHOP_COLS = 'i.id, i.slug, i.name, i.description, i.price, i.kind, i.is_active, i.image_url';
type AdminItemRow = z.input<typeof AdminShopItem>;

export async function listShopItems(db: Queryable): Promise<z.input<typeof ShopItem>[]> {
  return (
    await db.query<z.input<typeof ShopItem>>(
      `SELECT ${SHOP_COLS} FROM public.shop_items WHERE is_active ORDER BY price, name`,
    )
  ).rows;
}

/**
 * Buys an item inside the caller's transaction (held for the user: transactionAs). One purchase per user at a
 * time (advisory lock), so the balance check and the debit cannot interleave; an idempotency key replays the
 * earlier purchase.
 */
export async function purchase(
  tx: Queryable,
  userId: string,
  itemId: string,
  idempotencyKey: string | undefined,
) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ledger:${userId}`]);
  if (idempotencyKey) {
    const prior = (
      await tx.query<{ id: string }>(
        'SELECT id FROM public.purchases WHERE user_id = $1 AND idempotency_key = $2',
        [userId, idempotencyKey],
      )
    ).rows[0];
    if (prior)
      return { purchase_id: prior.id, currency: await balanceOf(tx, userId), replayed: true as const };
  }
  const item = (
    await tx.query<{ id: string; price: number; name: string }>(
      'SELECT id, price, name FROM public.shop_items WHERE id = $1 AND is_active',
      [itemId],
    )
  ).rows[0];
  if (!item) throw notFound('Shop item not found');
  const balance = await balanceOf(tx, userId);
  if (balance < item.price)
    throw new HttpError(
      402,
      `Not enough coins: ${item.name} costs ${item.price}, your balance is ${balance}`,
      'insufficient_funds',
    );
  const p = (
    await tx.query<{ id: string }>(
      'INSERT INTO public.purchases (user_id, item_id, price, idempotency_key) VALUES ($1,$2,$3,$4) RETURNING id',
      [userId, item.id, item.price, idempotencyKey ?? null],
    )
  ).rows[0]!;
  if (item.price > 0) {
    await tx.query('INSERT INTO public.currency_ledger (user_id, amount, reason, ref) VALUES ($1,$2,$3,$4)', [
      userId,
      -item.price,
      'purchase',
      p.id,
    ]);
  }
  await tx.query(
    "INSERT INTO public.analytics_events (kind, user_id, amount_cents, meta) VALUES ('shop_sale', $1, $2, $3)",
    [userId, item.price, JSON.stringify({ item_id: item.id })],
  );
  return { purchase_id: p.id, currency: balance - item.price };
}

const adminItem = async (q: Queryable, id: string) =>
  (
    await q.query<AdminItemRow>(
      `SELECT ${ADMIN_SHOP_COLS}, count(p.id)::int AS sales, COALESCE(sum(p.price), 0)::int AS revenue, max(p.created_at) AS last_sold_at
         FROM public.shop_items i LEFT JOIN public.purchases p ON p.item_id = i.id WHERE i.id = $1 GROUP BY i.id`,
      [id],
    )
  ).rows[0]!;

export async function listAdminShopItems(db: Queryable): Promise<AdminItemRow[]> {
  return (
    await db.query<AdminItemRow>(
      `SELECT ${ADMIN_SHOP_COLS}, count(p.id)::int AS sales, COALESCE(sum(p.price), 0)::int AS revenue, max(p.created_at) AS last_sold_at
         FROM public.shop_items i LEFT JOIN public.purchases p ON p.item_id = i.id GROUP BY i.id ORDER BY i.name, i.id`,
    )
  ).rows;
}

export function createShopItem(
  db: Db,
  adminId: string,
  b: z.output<typeof AdminShopItemInput>,
): Promise<AdminItemRow> {
  return db.transaction(async (tx) => {
    if (b.slug && (await tx.query('SELECT 1 FROM public.shop_items WHERE slug = $1', [b.slug])).rowCount)
      throw new HttpError(400, 'A shop item with this slug already exists');
    const slug = b.slug ?? (await uniqueShopSlug(tx, b.name));
    const row = (
      await tx.query<{ id: string }>(
        'INSERT INTO public.shop_items (slug, name, description, price, kind, image_url, is_active) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id',
        [slug, b.name, b.description, b.price, b.kind, b.image_url ?? null, b.is_active],
      )
    ).rows[0]!;
    await audit(tx, adminId, 'shop_item.create', 'shop_item', row.id, { ...b, slug });
    return adminItem(tx, row.id);
  });
}

export function updateShopItem(
  db: Db,
  adminId: string,
  id: string,
  b: z.output<typeof AdminShopItemPatch>,
): Promise<AdminItemRow> {
  return db.transaction(async (tx) => {
    if (
      b.slug &&
      (await tx.query('SELECT 1 FROM public.shop_items WHERE slug = $1 AND id <> $2', [b.slug, id])).rowCount
    )
      throw new HttpError(400, 'A shop item with this slug already exists');
    const r = await tx.query(
      `UPDATE public.shop_items SET slug = COALESCE($2, slug), name = COALESCE($3, name), description = COALESCE($4, description),
         price = COALESCE($5, price), kind = COALESCE($6, kind), is_active = COALESCE($7, is_active),
         image_url = CASE WHEN $8::boolean THEN $9 ELSE image_url END, updated_at = now() WHERE id = $1`,
      [
        id,
        b.slug ?? null,
        b.name ?? null,
        b.description ?? null,
        b.price ?? null,
        b.kind ?? null,
        b.is_active ?? null,
        b.image_url !== undefined,
        b.image_url || null,
      ],
    );
    if (!r.rowCount) throw notFound('Shop item not found');
    await audit(tx, adminId, 'shop_item.update', 'shop_item', id, b);
    return adminItem(tx, id);
  });
}

/** Deletes an item, or deactivates it when it has sales (purchase history stays intact); true when deleted. */
export function deleteShopItem(db: Db, adminId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const sold =
      (await tx.query('SELECT 1 FROM public.purchases WHERE item_id = $1 LIMIT 1', [id])).rowCount > 0;
    const r = sold
      ? await tx.query('UPDATE public.shop_items SET is_active = false, updated_at = now() WHERE id = $1', [
          id,
        ])
      : await tx.query('DELETE FROM public.shop_items WHERE id = $1', [id]);
    if (!r.rowCount) throw notFound('Shop item not found');
    await audit(tx, adminId, sold ? 'shop_item.deactivate' : 'shop_item.delete', 'shop_item', id);
    return !sold;
  });
}
