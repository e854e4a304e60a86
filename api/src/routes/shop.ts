import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, PurchaseInput, PurchaseResponse, ShopItemsResponse } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { transactionAs } from '../auth/service';
import { listShopItems, purchase } from '../services/shop';

/** /shop: the items and buying one with coins (the admin side is routes/admin/shop.ts). */
export async function shopRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/shop/items',
    { schema: { summary: 'Shop items', response: { 200: ShopItemsResponse } } },
    async () => ({ ok: true as const, items: await listShopItems(db) }),
  );
  app.post(
    '/shop/purchase',
    {
      schema: {
        summary: 'Buy an item with coins (atomic, idempotency key)',
        'x-auth': 'user',
        body: PurchaseInput,
        response: { 200: PurchaseResponse, 402: ErrorBody.describe('Insufficient balance') },
      },
    },
    async (req) => {
      const user = await auth.requireUser(req);
      const r = await transactionAs(db, user.id, (tx) =>
        purchase(tx, user.id, req.body.item_id, req.body.idempotency_key),
      );
      return { ok: true as const, ...r };
    },
  );
}
