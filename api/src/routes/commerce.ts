import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminShopDeleteResponse,
  ErrorBody,
  AdminShopItemInput,
  AdminShopItemPatch,
  AdminShopItemResponse,
  AdminShopItemsResponse,
  CurrencyResponse,
  Ok,
  PresenceInput,
  PurchaseInput,
  PurchaseResponse,
  ShopItemsResponse,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { transactionAs } from '../auth/service';
import type { Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { audit } from '../services/audit';
import { uniqueShopSlug } from '../services/admin-content';

export async function balanceOf(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT COALESCE(sum(amount), 0)::text AS n FROM public.currency_ledger WHERE user_id = $1', [userId]);
  return Number(rows[0].n);
}

const SHOP_COLS = 'id, slug, name, description, price, kind, is_active, image_url';
const ADMIN_SHOP_COLS = 'i.id, i.slug, i.name, i.description, i.price, i.kind, i.is_active, i.image_url';

const ShopItemParam = z.object({ id: z.string().uuid('Invalid id') });
type AdminShopItemRow = z.input<typeof AdminShopItemResponse>['item'];

export async function commerceRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, auth } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/users/currency', { schema: { summary: "The caller's coin balance", 'x-auth': 'user', response: { 200: CurrencyResponse } } }, async (req) => {
    const user = await auth.requireUser(req);
    return { currency: await balanceOf(db, user.id) };
  });

  app.get('/shop/items', { schema: { summary: 'Shop items', response: { 200: ShopItemsResponse } } }, async () => ({
    ok: true as const,
    items: (await db.query<z.input<typeof ShopItemsResponse>['items'][number]>(`SELECT ${SHOP_COLS} FROM public.shop_items WHERE is_active ORDER BY price, name`)).rows,
  }));

  app.post('/shop/purchase', { schema: {
        summary: 'Buy an item with coins (atomic, idempotency key)',
        'x-auth': 'user',
        body: PurchaseInput,
        response: { 200: PurchaseResponse, 402: ErrorBody.describe('Insufficient balance') },
      } }, async (req) => {
    const user = await auth.requireUser(req);
    const b = req.body;
    return transactionAs(db, user.id, async (tx) => {
      // One purchase per user at a time, so the balance check and the debit cannot interleave.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ledger:${user.id}`]);
      if (b.idempotency_key) {
        const prior = (await tx.query<{ id: string }>('SELECT id FROM public.purchases WHERE user_id = $1 AND idempotency_key = $2', [user.id, b.idempotency_key])).rows[0];
        if (prior) return { ok: true as const, purchase_id: prior.id, currency: await balanceOf(tx, user.id), replayed: true as const };
      }
      const item = (await tx.query<{ id: string; price: number; name: string }>('SELECT id, price, name FROM public.shop_items WHERE id = $1 AND is_active', [b.item_id])).rows[0];
      if (!item) throw notFound('Shop item not found');
      const balance = await balanceOf(tx, user.id);
      if (balance < item.price) throw new HttpError(402, `Not enough coins: ${item.name} costs ${item.price}, your balance is ${balance}`, 'insufficient_funds');
      const p = (
        await tx.query<{ id: string }>('INSERT INTO public.purchases (user_id, item_id, price, idempotency_key) VALUES ($1,$2,$3,$4) RETURNING id', [
          user.id, item.id, item.price, b.idempotency_key ?? null,
        ])
      ).rows[0];
      if (item.price > 0) {
        await tx.query('INSERT INTO public.currency_ledger (user_id, amount, reason, ref) VALUES ($1,$2,$3,$4)', [user.id, -item.price, 'purchase', p.id]);
      }
      await tx.query("INSERT INTO public.analytics_events (kind, user_id, amount_cents, meta) VALUES ('shop_sale', $1, $2, $3)", [
        user.id, item.price, JSON.stringify({ item_id: item.id }),
      ]);
      return { ok: true as const, purchase_id: p.id, currency: balance - item.price };
    });
  });

  app.post('/presence/heartbeat', { schema: { summary: 'Session heartbeat (online users, page views)', 'x-auth': 'optional', body: PresenceInput, response: { 200: Ok } } }, async (req) => {
    const user = await auth.getUser(req);
    const b = req.body;
    const record = async (q: Queryable) => {
      await q.query(
        `INSERT INTO public.presence (session_id, user_id, ip_address, path, last_seen) VALUES ($1,$2,$3,$4, now())
         ON CONFLICT (session_id) DO UPDATE SET user_id = EXCLUDED.user_id, ip_address = EXCLUDED.ip_address, path = EXCLUDED.path, last_seen = now()`,
        [b.session_id, user?.id ?? null, req.ip, b.path ?? null],
      );
      if (b.path) await q.query("INSERT INTO public.analytics_events (kind, user_id, meta) VALUES ('page_view', $1, $2)", [user?.id ?? null, JSON.stringify({ path: b.path })]);
    };
    // A signed-in heartbeat holds the account while it writes rows that point at it (see holdUser).
    if (user) await transactionAs(db, user.id, record);
    else await record(db);
    return { ok: true as const };
  });

  // ---- admin shop (schemas in @wayfarer/contracts; sales and revenue per item from purchases)
  const adminItem = async (q: Queryable, id: string) =>
    (
      await q.query<AdminShopItemRow>(
        `SELECT ${ADMIN_SHOP_COLS}, count(p.id)::int AS sales, COALESCE(sum(p.price), 0)::int AS revenue, max(p.created_at) AS last_sold_at
           FROM public.shop_items i LEFT JOIN public.purchases p ON p.item_id = i.id WHERE i.id = $1 GROUP BY i.id`,
        [id],
      )
    ).rows[0];
  app.get('/admin/shop/items', { schema: { summary: 'Shop items with sales', 'x-auth': 'admin', response: { 200: AdminShopItemsResponse } } }, async (req) => {
    await auth.requireAdmin(req);
    const { rows } = await db.query<AdminShopItemRow>(
      `SELECT ${ADMIN_SHOP_COLS}, count(p.id)::int AS sales, COALESCE(sum(p.price), 0)::int AS revenue, max(p.created_at) AS last_sold_at
         FROM public.shop_items i LEFT JOIN public.purchases p ON p.item_id = i.id GROUP BY i.id ORDER BY i.name, i.id`,
    );
    return { ok: true as const, items: rows };
  });
  app.post('/admin/shop/items', { schema: { summary: 'Create a shop item', 'x-auth': 'admin', body: AdminShopItemInput, response: { 200: AdminShopItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const b = req.body;
    const item = await db.transaction(async (tx) => {
      if (b.slug && (await tx.query('SELECT 1 FROM public.shop_items WHERE slug = $1', [b.slug])).rowCount) throw new HttpError(400, 'A shop item with this slug already exists');
      const slug = b.slug ?? (await uniqueShopSlug(tx, b.name));
      const row = (
        await tx.query<{ id: string }>('INSERT INTO public.shop_items (slug, name, description, price, kind, image_url, is_active) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id', [
          slug, b.name, b.description, b.price, b.kind, b.image_url ?? null, b.is_active,
        ])
      ).rows[0];
      await audit(tx, admin.id, 'shop_item.create', 'shop_item', row.id, { ...b, slug });
      return adminItem(tx, row.id);
    });
    return { ok: true as const, item: item!, message: 'Shop item created' };
  });
  app.put('/admin/shop/items/:id', { schema: { summary: 'Edit a shop item', 'x-auth': 'admin', params: ShopItemParam, body: AdminShopItemPatch, response: { 200: AdminShopItemResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    const b = req.body;
    const item = await db.transaction(async (tx) => {
      if (b.slug && (await tx.query('SELECT 1 FROM public.shop_items WHERE slug = $1 AND id <> $2', [b.slug, id])).rowCount) throw new HttpError(400, 'A shop item with this slug already exists');
      const r = await tx.query(
        `UPDATE public.shop_items SET slug = COALESCE($2, slug), name = COALESCE($3, name), description = COALESCE($4, description),
           price = COALESCE($5, price), kind = COALESCE($6, kind), is_active = COALESCE($7, is_active),
           image_url = CASE WHEN $8::boolean THEN $9 ELSE image_url END, updated_at = now() WHERE id = $1`,
        [id, b.slug ?? null, b.name ?? null, b.description ?? null, b.price ?? null, b.kind ?? null, b.is_active ?? null, b.image_url !== undefined, b.image_url || null],
      );
      if (!r.rowCount) throw notFound('Shop item not found');
      await audit(tx, admin.id, 'shop_item.update', 'shop_item', id, b);
      return adminItem(tx, id);
    });
    return { ok: true as const, item: item!, message: 'Shop item updated' };
  });
  app.delete('/admin/shop/items/:id', { schema: { summary: 'Delete (or retire, when sold) a shop item', 'x-auth': 'admin', params: ShopItemParam, response: { 200: AdminShopDeleteResponse } } }, async (req) => {
    const admin = await auth.requireAdmin(req);
    const { id } = req.params;
    const deleted = await db.transaction(async (tx) => {
      // Items with sales are deactivated, not deleted, so purchase history stays intact.
      const sold = (await tx.query('SELECT 1 FROM public.purchases WHERE item_id = $1 LIMIT 1', [id])).rowCount > 0;
      const r = sold
        ? await tx.query('UPDATE public.shop_items SET is_active = false, updated_at = now() WHERE id = $1', [id])
        : await tx.query('DELETE FROM public.shop_items WHERE id = $1', [id]);
      if (!r.rowCount) throw notFound('Shop item not found');
      await audit(tx, admin.id, sold ? 'shop_item.deactivate' : 'shop_item.delete', 'shop_item', id);
      return !sold;
    });
    return { ok: true as const, deleted, message: deleted ? 'Shop item deleted' : 'Shop item has sales, so it was deactivated instead of deleted' };
  });
}
