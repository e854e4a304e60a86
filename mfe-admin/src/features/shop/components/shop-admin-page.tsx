import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminShopKeys } from '../api/keys';
import { fmtNumber } from '../../../components/panel';
import { getShopItems } from '../api/shop-items-api';
import { useCreateShopItem, useDeleteShopItem, useUpdateShopItem } from '../api/shop-items-queries';
import { ShopItemForm } from './shop-item-form';
import { ShopItemRow, ShopItemsHead } from './shop-item-row';

export function ShopAdminPage() {
  usePageMeta({ title: 'Shop items', noindex: true });
  const { data, loading, error, reload } = useAdminQuery(
    adminShopKeys.all,
    getShopItems,
    'Failed to load shop items',
  );
  const create = useCreateShopItem();
  const update = useUpdateShopItem();
  const remove = useDeleteShopItem();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = data ?? [];

  async function act(fallback: string, run: () => Promise<void>) {
    setBusy(true);
    setActionError(null);
    try {
      await run();
    } catch (err) {
      setActionError(describeError(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  const totalSales = items.reduce((a, i) => a + i.sales, 0);
  const totalRevenue = items.reduce((a, i) => a + i.revenue, 0);
  return (
    <>
      <header className="admin-head">
        <h1>Shop items</h1>
        <div className="admin-toolbar">
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => void reload()}
            disabled={loading}
          >
            Reload
          </button>
          <button
            type="button"
            className="wf-btn"
            onClick={() => setEditing(editing === 'new' ? null : 'new')}
            aria-expanded={editing === 'new'}
          >
            New item
          </button>
        </div>
      </header>
      <p className="wf-muted">
        {items.length} items · {fmtNumber(totalSales)} sales · {fmtNumber(totalRevenue)} coins revenue
      </p>
      <ErrorBox>{error ?? actionError}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {editing === 'new' ? (
        <ShopItemForm
          busy={busy}
          onCancel={() => setEditing(null)}
          onSubmit={(f) =>
            act('Could not create the item', async () => {
              const created = await create.mutateAsync(f);
              setEditing(null);
              setNotice(`Created “${created.name}”.`);
            })
          }
        />
      ) : null}
      {loading && !data ? (
        <Loading message="Loading shop items…" />
      ) : !items.length && !error ? (
        <EmptyState title="No shop items yet">Create an item travellers can buy with their coins.</EmptyState>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <ShopItemsHead />
            <tbody>
              {items.map((item) =>
                editing === item.id ? (
                  <tr key={item.id}>
                    <td colSpan={6}>
                      <ShopItemForm
                        initial={item}
                        busy={busy}
                        onCancel={() => setEditing(null)}
                        onSubmit={(f) =>
                          act('Could not save the item', async () => {
                            const u = await update.mutateAsync({ id: item.id, patch: f });
                            setEditing(null);
                            setNotice(`Saved “${u.name}”.`);
                          })
                        }
                      />
                    </td>
                  </tr>
                ) : (
                  <ShopItemRow
                    key={item.id}
                    item={item}
                    busy={busy}
                    onEdit={() => setEditing(item.id)}
                    onToggleActive={() =>
                      void act('Could not save the item', async () => {
                        await update.mutateAsync({
                          id: item.id,
                          patch: { is_active: !item.is_active },
                        });
                      })
                    }
                    onDelete={() =>
                      act('Could not delete the item', async () => {
                        const deleted = await remove.mutateAsync(item.id);
                        setNotice(
                          deleted
                            ? `Deleted “${item.name}”.`
                            : `“${item.name}” has sales, so it was deactivated instead of deleted.`,
                        );
                      })
                    }
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
