import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** Select all, and approve or reject the selected uploads at once. */
export function PendingImagesToolbar({
  total,
  selectedCount,
  allSelected,
  busy,
  onToggleAll,
  onBulk,
}: {
  total: number;
  selectedCount: number;
  allSelected: boolean;
  busy: boolean;
  onToggleAll: () => void;
  onBulk: (action: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <div className="admin-toolbar" style={{ margin: '0.75rem 0' }}>
      <label className="admin-check">
        <input type="checkbox" checked={allSelected} onChange={onToggleAll} />{' '}
        {t('images.selectAll', { count: total })}
      </label>
      <button
        type="button"
        className="wf-btn wf-btn--sm"
        disabled={busy || !selectedCount}
        onClick={() => onBulk('approve')}
      >
        {t('images.approveSelected', { count: selectedCount })}
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        disabled={busy || !selectedCount}
        onClick={() => onBulk('reject')}
      >
        {t('images.rejectSelected', { count: selectedCount })}
      </button>
    </div>
  );
}
