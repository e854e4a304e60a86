import type { DragEvent } from 'react';
import { toast } from '@wayfarer/ui';
import { ArrowDownIcon, ArrowUpIcon } from '@wayfarer/ui/icons';
import { ConfirmButton } from '../../../components/confirm-button';
import type { RoadmapFields, RoadmapItem } from '../types';
import { RoadmapStatusSelect } from './roadmap-status-select';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface Props {
  item: RoadmapItem;
  index: number;
  total: number;
  /** A new order is being saved: the move buttons say so (aria-disabled). */
  reordering: boolean;
  busy: boolean;
  dragging: boolean;
  dropTarget: boolean;
  drag: {
    onDragStart: () => void;
    onDragOver: () => void;
    onDragEnd: () => void;
    onDrop: (e: DragEvent) => void;
  };
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onUpdate: (patch: Partial<RoadmapFields>) => Promise<RoadmapItem | null>;
  onDelete: () => Promise<unknown>;
}

/** One roadmap item in the ordered list: drag handle, Up / Down, status, publish, edit, delete. */
export function RoadmapRow({
  item,
  index,
  total,
  reordering,
  busy,
  dragging,
  dropTarget,
  drag,
  onMove,
  onEdit,
  onUpdate,
  onDelete,
}: Props) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <li
      className={`wf-card admin-row${dragging ? ' is-dragging' : ''}${dropTarget ? ' is-drop-target' : ''}`}
      data-testid="admin-roadmap-row"
      data-id={item.id}
      draggable
      onDragStart={(e) => {
        drag.onDragStart();
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', item.id);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        drag.onDragOver();
      }}
      onDragEnd={drag.onDragEnd}
      onDrop={drag.onDrop}
    >
      <span className="admin-drag" aria-hidden="true" title={t('roadmap.dragToReorder')}>
        ⠿
      </span>
      <div className="admin-row__main">
        <h3>{item.title}</h3>
        <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
          #{index + 1} · {t(`roadmap.status.${item.status}`)} ·{' '}
          <span className={`wf-badge ${item.is_published ? 'admin-badge--published' : 'admin-badge--draft'}`}>
            {t(item.is_published ? 'common.published' : 'common.draft')}
          </span>
        </div>
        {item.description ? <p style={{ margin: '0.35rem 0 0' }}>{item.description}</p> : null}
      </div>
      <div className="admin-row__actions">
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          data-move={`${item.id}:up`}
          aria-disabled={reordering || undefined}
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('common.moveUp', { name: item.title })}
        >
          <ArrowUpIcon aria-hidden="true" className="wf-icon" /> {t('common.up')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          data-move={`${item.id}:down`}
          aria-disabled={reordering || undefined}
          disabled={index === total - 1}
          onClick={() => onMove(1)}
          aria-label={t('common.moveDown', { name: item.title })}
        >
          <ArrowDownIcon aria-hidden="true" className="wf-icon" /> {t('common.down')}
        </button>
        <RoadmapStatusSelect item={item} busy={busy} onUpdate={onUpdate} />
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy}
          onClick={async () => {
            const saved = await onUpdate({ is_published: !item.is_published });
            if (saved)
              toast(
                t(saved.is_published ? 'common.publishedNamed' : 'common.unpublishedNamed', {
                  name: saved.title,
                }),
              );
          }}
          aria-label={t(item.is_published ? 'common.unpublishNamed' : 'common.publishNamed', {
            name: item.title,
          })}
        >
          {t(item.is_published ? 'common.unpublish' : 'common.publish')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={onEdit}
          aria-label={t('common.editNamed', { name: item.title })}
        >
          {t('common.edit')}
        </button>
        <ConfirmButton
          label={t('common.delete')}
          question={t('common.deleteQuestion', { name: item.title })}
          onConfirm={async () => {
            if (await onDelete()) toast(t('common.deleted', { name: item.title }));
          }}
        />
      </div>
    </li>
  );
}
