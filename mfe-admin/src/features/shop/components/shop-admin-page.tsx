import { useState } from 'react';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminShopKeys } from '../api/keys';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { getShopItems } from '../api/shop-items-api';
import { useCreateShopItem, useDeleteShopItem, useUpdateShopItem } from '../api/shop-items-queries';
import { useShopAction } from '../hooks/use-shop-action';
import { ShopItemForm } from './shop-item-form';
import { ShopItemRow, ShopItemsHead } from './shop-item-row';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

export function ShopAdminPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const { num: fmtNumber } = useAdminFormat();
  usePageMeta({ title: t('shop.title'), noindex: true });
  const { data, loading, error, reload } = useAdminQuery(
    adminShopKeys.all,
    getShopItems,
    'Failed to load shop items',
  );
  const create = useCreateShopItem();
  const update = useUpdateShopItem();
  const remove = useDeleteShopItem();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = data ?? [];

  const { busy, actionError, act } = useShopAction();

  const totalSales = items.reduce((a, i) => a + i.sales, 0);
  const totalRevenue = items.reduce((a, i) => a + i.revenue, 0);
  return (
    <>
      <header className="admin-head">
        <h1>{t('shop.title')}</h1>
        <div className="admin-toolbar">
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => void reload()}
            disabled={loading}
          >
            {t('common.reload')}
          </button>
          <button
            type="button"
            className="wf-btn"
            onClick={() => setEditing(editing === 'new' ? null : 'new')}
            aria-expanded={editing === 'new'}
          >
            {t('shop.newItem')}
          </button>
        </div>
      </header>
      <p className="wf-muted">
        {t('shop.summary', {
          items: items.length,
          sales: fmtNumber(totalSales),
          revenue: fmtNumber(totalRevenue),
        })}
      </p>
      <ErrorBox>{errorText(error ?? actionError)}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {editing === 'new' ? (
        <ShopItemForm
          busy={busy}
          onCancel={() => setEditing(null)}
          onSubmit={(f) =>
            act('Could not create the item', async () => {
              const created = await create.mutateAsync(f);
              setEditing(null);
              setNotice(t('common.created', { name: created.name }));
            })
          }
        />
      ) : null}
      {loading && !data ? (
        <Loading message={t('shop.loading')} />
      ) : !items.length && !error ? (
        <EmptyState title={t('shop.none')}>{t('shop.noneBody')}</EmptyState>
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
                            setNotice(t('common.saved', { name: u.name }));
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
                            ? t('common.deleted', { name: item.name })
                            : t('shop.deactivated', { name: item.name }),
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
