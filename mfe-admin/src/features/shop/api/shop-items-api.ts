import {
  createAdminShopItem,
  deleteAdminShopItem,
  getAdminShopItems,
  updateAdminShopItem,
} from '@wayfarer/api-client';
import type { AdminShopItem, AdminShopItemPatch } from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';

export type ShopItem = AdminShopItem;
/** What the form edits; the slug is derived from the name by the server. */
export type ShopItemFields = Pick<
  AdminShopItem,
  'name' | 'description' | 'price' | 'image_url' | 'is_active'
>;

export const getShopItems = async (): Promise<ShopItem[]> => (await withAdminToken(getAdminShopItems)).items;
export const createShopItem = async (f: ShopItemFields): Promise<ShopItem> =>
  (await withAdminToken((t) => createAdminShopItem(f, t))).item;
export const updateShopItem = async (id: string, f: AdminShopItemPatch): Promise<ShopItem> =>
  (await withAdminToken((t) => updateAdminShopItem(id, f, t))).item;
/** Resolves to false when the item had sales and was deactivated instead of deleted. */
export const deleteShopItem = async (id: string): Promise<boolean> =>
  (await withAdminToken((t) => deleteAdminShopItem(id, t))).deleted;
