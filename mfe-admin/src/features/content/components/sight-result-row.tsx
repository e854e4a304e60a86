import type { AdminSight } from '../api/content-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** One search result: select it for editing, or (once another is selected) mark it as that one's duplicate. */
export function SightResultRow({
  r,
  isSelected,
  canBeDuplicate,
  isDuplicate,
  onSelect,
  onToggleDuplicate,
}: {
  r: AdminSight;
  isSelected: boolean;
  /** Another sight is selected and this one was not merged already. */
  canBeDuplicate: boolean;
  isDuplicate: boolean;
  onSelect: () => void;
  onToggleDuplicate: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <li
      className={`wf-card admin-row${isSelected ? ' is-drop-target' : ''}`}
      style={{ padding: '0.6rem 0.75rem' }}
      data-testid="sight-result"
    >
      <div className="admin-row__main">
        <button
          type="button"
          className="wf-btn wf-btn--ghost wf-btn--sm"
          onClick={onSelect}
          aria-pressed={isSelected}
        >
          {r.name}
        </button>
        <div className="wf-muted" style={{ fontSize: '0.8rem' }}>
          {[r.city, r.country].filter(Boolean).join(', ') || '—'}
          {r.hidden ? ` · ${t('content.hidden')}` : ''}
        </div>
      </div>
      {canBeDuplicate ? (
        <label className="admin-check" style={{ fontSize: '0.8rem' }}>
          <input
            type="checkbox"
            checked={isDuplicate}
            onChange={onToggleDuplicate}
            aria-label={t('content.isDuplicate', { name: r.name })}
          />{' '}
          {t('content.duplicate')}
        </label>
      ) : null}
    </li>
  );
}
