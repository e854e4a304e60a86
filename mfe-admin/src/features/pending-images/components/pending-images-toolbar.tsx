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
  return (
    <div className="admin-toolbar" style={{ margin: '0.75rem 0' }}>
      <label className="admin-check">
        <input type="checkbox" checked={allSelected} onChange={onToggleAll} /> Select all ({total})
      </label>
      <button
        type="button"
        className="wf-btn wf-btn--sm"
        disabled={busy || !selectedCount}
        onClick={() => onBulk('approve')}
      >
        Approve selected ({selectedCount})
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--sm wf-btn--danger"
        disabled={busy || !selectedCount}
        onClick={() => onBulk('reject')}
      >
        Reject selected ({selectedCount})
      </button>
    </div>
  );
}
