import { ConfirmButton } from '../../../components/confirm-button';
import { fmtNumber } from '../../../components/panel';
import type { ShopItem } from '../api/shop-items-api';

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
          {item.is_active ? 'Active' : 'Inactive'}
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
            aria-label={`Edit ${item.name}`}
          >
            Edit
          </button>
          <button type="button" className="wf-btn wf-btn--sm" disabled={busy} onClick={onToggleActive}>
            {item.is_active ? 'Deactivate' : 'Activate'}
          </button>
          <ConfirmButton label="Delete" question={`Delete “${item.name}”?`} onConfirm={onDelete} />
        </div>
      </td>
    </tr>
  );
}

/** The shop table's column headers, in the order of a row's cells. */
export function ShopItemsHead() {
  return (
    <thead>
      <tr>
        <th scope="col">Item</th>
        <th scope="col">Price</th>
        <th scope="col">Status</th>
        <th scope="col">Sales</th>
        <th scope="col">Revenue</th>
        <th scope="col">
          <span className="wf-visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
