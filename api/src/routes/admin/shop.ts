import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminShopDeleteResponse,
  AdminShopItemInput,
  AdminShopItemPatch,
  AdminShopItemResponse,
  AdminShopItemsResponse,
} from '@wayfarer/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { createShopItem, deleteShopItem, listAdminShopItems, updateShopItem } from '../../services/shop';

const ShopItemParam = z.object({ id: z.string().uuid('Invalid id') });

/** /admin/shop/items: items with their sales and revenue, and the CRUD (schemas in @wayfarer/contracts). */
export async function adminShopRoutes(fastify: FastifyInstance, { db, auth }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/shop/items',
    {
      schema: {
        summary: 'Shop items with sales',
        'x-auth': 'admin',
        response: { 200: AdminShopItemsResponse },
      },
    },
    async () => ({
      ok: true as const,
      items: await listAdminShopItems(db),
    }),
  );
  app.post(
    '/admin/shop/items',
    {
      schema: {
        summary: 'Create a shop item',
        'x-auth': 'admin',
        body: AdminShopItemInput,
        response: { 200: AdminShopItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        item: await createShopItem(db, admin.id, req.body),
        message: 'Shop item created',
      };
    },
  );
  app.put(
    '/admin/shop/items/:id',
    {
      schema: {
        summary: 'Edit a shop item',
        'x-auth': 'admin',
        params: ShopItemParam,
        body: AdminShopItemPatch,
        response: { 200: AdminShopItemResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      return {
        ok: true as const,
        item: await updateShopItem(db, admin.id, req.params.id, req.body),
        message: 'Shop item updated',
      };
    },
  );
  app.delete(
    '/admin/shop/items/:id',
    {
      schema: {
        summary: 'Delete (or retire, when sold) a shop item',
        'x-auth': 'admin',
        params: ShopItemParam,
        response: { 200: AdminShopDeleteResponse },
      },
    },
    async (req) => {
      const admin = await auth.requireAdmin(req);
      const deleted = await deleteShopItem(db, admin.id, req.params.id);
      return {
        ok: true as const,
        deleted,
        message: deleted
          ? 'Shop item deleted'
          : 'Shop item has sales, so it was deactivated instead of deleted',
      };
    },
  );
}
