import type { DragEvent } from 'react';
import { toast } from '@wayfarer/ui';
import { ArrowDownIcon, ArrowUpIcon } from '@wayfarer/ui/icons';
import { ConfirmButton } from '../../../components/confirm-button';
import { ROADMAP_STATUSES, STATUS_LABEL, type RoadmapFields, type RoadmapItem } from '../types';

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
      <span className="admin-drag" aria-hidden="true" title="Drag to reorder">
        ⠿
      </span>
      <div className="admin-row__main">
        <h3>{item.title}</h3>
        <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
          #{index + 1} · {STATUS_LABEL[item.status]} ·{' '}
          <span className={`wf-badge ${item.is_published ? 'admin-badge--published' : 'admin-badge--draft'}`}>
            {item.is_published ? 'Published' : 'Draft'}
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
          aria-label={`Move ${item.title} up`}
        >
          <ArrowUpIcon aria-hidden="true" className="wf-icon" /> Up
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          data-move={`${item.id}:down`}
          aria-disabled={reordering || undefined}
          disabled={index === total - 1}
          onClick={() => onMove(1)}
          aria-label={`Move ${item.title} down`}
        >
          <ArrowDownIcon aria-hidden="true" className="wf-icon" /> Down
        </button>
        <label className="wf-visually-hidden" htmlFor={`rm-status-${item.id}`}>
          Status of {item.title}
        </label>
        <select
          id={`rm-status-${item.id}`}
          className="wf-select wf-input"
          style={{ width: 'auto', padding: '0.2rem 0.4rem' }}
          value={item.status}
          disabled={busy}
          onChange={async (e) => {
            const saved = await onUpdate({ status: e.target.value as RoadmapItem['status'] });
            if (saved) toast(`“${saved.title}” is now ${STATUS_LABEL[saved.status]}.`);
          }}
        >
          {ROADMAP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy}
          onClick={async () => {
            const saved = await onUpdate({ is_published: !item.is_published });
            if (saved)
              toast(saved.is_published ? `Published “${saved.title}”.` : `Unpublished “${saved.title}”.`);
          }}
          aria-label={`${item.is_published ? 'Unpublish' : 'Publish'} ${item.title}`}
        >
          {item.is_published ? 'Unpublish' : 'Publish'}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={onEdit}
          aria-label={`Edit ${item.title}`}
        >
          Edit
        </button>
        <ConfirmButton
          label="Delete"
          question={`Delete “${item.title}”?`}
          onConfirm={async () => {
            if (await onDelete()) toast(`Deleted “${item.title}”.`);
          }}
        />
      </div>
    </li>
  );
}
