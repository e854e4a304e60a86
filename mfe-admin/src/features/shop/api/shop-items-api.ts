import { adminRequest } from '../../../lib/admin-request';

export interface ShopItem {
  id: string;
  name: string;
  description: string | null;
  /** Price in the in-app currency. */
  price: number;
  image_url: string | null;
  is_active: boolean;
  sales_count: number;
  revenue: number;
}
export type ShopItemFields = Pick<ShopItem, 'name' | 'description' | 'price' | 'image_url' | 'is_active'>;

const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

export function normalizeShopItem(raw: unknown): ShopItem {
  const o = rec(raw);
  return {
    id: String(o.id ?? ''),
    name: String(o.name ?? ''),
    description: typeof o.description === 'string' ? o.description : null,
    price: n(o.price ?? o.price_currency),
    image_url: typeof o.image_url === 'string' && o.image_url ? o.image_url : null,
    is_active: o.is_active !== false && o.active !== false,
    sales_count: n(o.sales_count ?? o.sales ?? rec(o.stats).sales),
    revenue: n(o.revenue ?? rec(o.stats).revenue),
  };
}

const one = (res: unknown) => normalizeShopItem(rec(res).item ?? rec(res).shopItem ?? res);

export async function getShopItems(): Promise<ShopItem[]> {
  const res = rec(await adminRequest('/admin/shop-items'));
  const list = Array.isArray(res.items) ? res.items : [];
  return list.map(normalizeShopItem);
}
export const createShopItem = async (f: ShopItemFields) => one(await adminRequest('/admin/shop-items', { method: 'POST', json: f }));
export const updateShopItem = async (id: string, f: Partial<ShopItemFields>) =>
  one(await adminRequest(`/admin/shop-items/${encodeURIComponent(id)}`, { method: 'PUT', json: f }));
export const deleteShopItem = async (id: string) => {
  await adminRequest(`/admin/shop-items/${encodeURIComponent(id)}`, { method: 'DELETE' });
};
