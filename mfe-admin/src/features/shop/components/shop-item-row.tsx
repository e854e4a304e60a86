import { ConfirmButton } from '../../../components/confirm-button';
import { useAdminFormat } from '../../../lib/use-admin-format';
import type { ShopItem } from '../api/shop-items-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** One item in the shop table: picture, name, price, status, sales, and edit / activate / delete. */
export function ShopItemRow({
  item,
  busy,
  onEdit,
  onToggleActive,
  onDelete,
}: {
  item: ShopItem;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { num: fmtNumber } = useAdminFormat();
  return (
    <tr data-testid="shop-item-row">
      <td>
        <div style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
          {item.image_url ? (
            <img
              src={item.image_url}
              alt=""
              width={40}
              height={40}
              style={{ borderRadius: 6, objectFit: 'cover' }}
            />
          ) : null}
          <div>
            <strong>{item.name}</strong>
            {item.description ? (
              <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
                {item.description}
              </div>
            ) : null}
          </div>
        </div>
      </td>
      <td>{fmtNumber(item.price)}</td>
      <td>
        <span className={`wf-badge ${item.is_active ? 'admin-badge--published' : 'admin-badge--draft'}`}>
          {t(item.is_active ? 'common.active' : 'shop.inactive')}
        </span>
      </td>
      <td>{fmtNumber(item.sales)}</td>
      <td>{fmtNumber(item.revenue)}</td>
      <td>
        <div className="admin-row__actions">
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={onEdit}
            aria-label={t('common.editNamed', { name: item.name })}
          >
            {t('common.edit')}
          </button>
          <button type="button" className="wf-btn wf-btn--sm" disabled={busy} onClick={onToggleActive}>
            {t(item.is_active ? 'shop.deactivate' : 'shop.activate')}
          </button>
          <ConfirmButton
            label={t('common.delete')}
            question={t('common.deleteQuestion', { name: item.name })}
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}

/** The shop table's column headers, in the order of a row's cells. */
export function ShopItemsHead() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <thead>
      <tr>
        <th scope="col">{t('shop.item')}</th>
        <th scope="col">{t('shop.price')}</th>
        <th scope="col">{t('shop.status')}</th>
        <th scope="col">{t('shop.sales')}</th>
        <th scope="col">{t('shop.revenue')}</th>
        <th scope="col">
          <span className="wf-visually-hidden">{t('shop.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}
