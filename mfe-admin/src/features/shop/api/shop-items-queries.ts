import { useMutation, useQueryClient } from '@wayfarer/query';
import type { AdminShopItemPatch } from '@wayfarer/contracts';
import { adminShopKeys } from './keys';
import {
  createShopItem,
  deleteShopItem,
  updateShopItem,
  type ShopItem,
  type ShopItemFields,
} from './shop-items-api';

/** The answers of the shop writes update the cached list in place (new items first). */
function useShopCache() {
  const qc = useQueryClient();
  return (update: (items: ShopItem[]) => ShopItem[]) =>
    qc.setQueryData<ShopItem[]>(adminShopKeys.all, (old) => update(old ?? []));
}

export function useCreateShopItem() {
  const update = useShopCache();
  return useMutation({
    mutationFn: (f: ShopItemFields) => createShopItem(f),
    onSuccess: (item) => update((l) => [item, ...l]),
  });
}

export function useUpdateShopItem() {
  const update = useShopCache();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminShopItemPatch }) => updateShopItem(id, patch),
    onSuccess: (item) => update((l) => l.map((x) => (x.id === item.id ? item : x))),
  });
}

/** Resolves to false when the item had sales and the server deactivated it instead. */
export function useDeleteShopItem() {
  const update = useShopCache();
  return useMutation({
    mutationFn: (id: string) => deleteShopItem(id),
    onSuccess: (deleted, id) =>
      update((l) =>
        deleted ? l.filter((x) => x.id !== id) : l.map((x) => (x.id === id ? { ...x, is_active: false } : x)),
      ),
  });
}
