import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { EmptyState, ErrorBox, Loading, toast, usePageMeta } from '@wayfarer/ui';
import { ConfirmButton } from '../../../components/confirm-button';
import { useRoadmapAdmin } from '../hooks/use-roadmap-admin';
import { moveItem } from '../utils/roadmap-list';
import { ROADMAP_STATUSES, STATUS_LABEL, type RoadmapItem } from '../types';
import { RoadmapForm } from './roadmap-form';

export function RoadmapPage() {
  usePageMeta({ title: 'Roadmap management', noindex: true });
  const state = useRoadmapAdmin();
  const { groups, counts, createRoadmapItem, updateRoadmapItem, deleteRoadmapItem, reorderRoadmap } = state;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<string | null>(null);

  // Show the new order while it is being saved; the re-fetch then replaces it with the server's.
  const ordered: RoadmapItem[] = useMemo(() => {
    if (!pendingOrder) return state.items;
    const byId = new Map(state.items.map((i) => [i.id, i]));
    return pendingOrder.map((id) => byId.get(id)).filter((i): i is RoadmapItem => Boolean(i));
  }, [state.items, pendingOrder]);

  // Keep keyboard focus on the moved item's button across the save and re-fetch (or on its other move
  // button when this one became disabled at the edge of the list).
  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current || pendingOrder) return;
    const el = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${target}"]`);
    const alt = listRef.current.querySelector<HTMLButtonElement>(`[data-move^="${target.split(':')[0]}:"]:not([disabled])`);
    (el && !el.disabled ? el : alt)?.focus();
    refocus.current = null;
  });

  async function saveOrder(next: RoadmapItem[], movedId: string) {
    const ids = next.map((i) => i.id);
    setPendingOrder(ids);
    const moved = next.find((i) => i.id === movedId);
    setAnnounce(`Moved “${moved?.title ?? ''}” to position ${ids.indexOf(movedId) + 1} of ${ids.length}.`);
    await reorderRoadmap(ids);
    setPendingOrder(null);
  }

  async function move(item: RoadmapItem, delta: number) {
    if (pendingOrder) return;
    const next = moveItem(ordered, item.id, delta);
    if (next.every((n, i) => n.id === ordered[i]?.id)) return;
    refocus.current = `${item.id}:${delta < 0 ? 'up' : 'down'}`;
    await saveOrder(next, item.id);
  }

  function onDrop(e: DragEvent, targetId: string) {
    e.preventDefault();
    const from = ordered.findIndex((i) => i.id === dragId);
    const to = ordered.findIndex((i) => i.id === targetId);
    setDragId(null);
    setOverId(null);
    if (from < 0 || to < 0 || from === to) return;
    void saveOrder(moveItem(ordered, ordered[from]!.id, to - from), ordered[from]!.id);
  }

  return (
    <>
      <header className="admin-head">
        <h1>Roadmap</h1>
        <button type="button" className="wf-btn" onClick={() => { setCreating((c) => !c); setEditing(null); }} aria-expanded={creating}>
          {creating ? 'Close form' : 'New roadmap item'}
        </button>
      </header>
      <p className="wf-muted" data-testid="roadmap-counts">{counts.total} items · {counts.published} published · {counts.drafts} drafts</p>
      {state.error ? (
        <ErrorBox>
          {state.error} <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={state.clearError}>Dismiss</button>
        </ErrorBox>
      ) : null}
      <div className="wf-visually-hidden" aria-live="polite">{announce}</div>

      <section aria-label="Published roadmap by status" className="admin-groups">
        {ROADMAP_STATUSES.map((s) => (
          <div key={s} className="wf-card admin-panel" data-testid={`roadmap-group-${s}`}>
            <h2>{STATUS_LABEL[s]} <span className="wf-badge">{groups[s].length}</span></h2>
            {groups[s].length ? (
              <ol>{groups[s].map((i) => <li key={i.id}>{i.title}</li>)}</ol>
            ) : (
              <p className="wf-muted" style={{ margin: '0.5rem 0 0' }}>Nothing published here.</p>
            )}
          </div>
        ))}
      </section>

      {creating ? (
        <RoadmapForm
          busy={state.loading}
          onSubmit={async (f) => {
            const last = state.items.at(-1)?.position_order ?? 0;
            const created = await createRoadmapItem({ ...f, position_order: last + 1 });
            if (created) {
              setCreating(false);
              toast(`Created “${created.title}”.`);
            }
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}

      <h2 style={{ fontSize: '1.05rem' }}>All items in order</h2>
      <p className="wf-muted" style={{ marginTop: 0 }}>Drag a row by its handle, or use Move up / Move down. The order is saved at once.</p>
      {!state.initialized && !state.error ? (
        <Loading message="Loading roadmap…" />
      ) : ordered.length === 0 ? (
        <EmptyState title="No roadmap items yet">Create the first item to show visitors what is coming.</EmptyState>
      ) : (
        <ol className="admin-list" aria-label="Roadmap items" ref={listRef}>
          {ordered.map((item, idx) =>
            editing === item.id ? (
              <li key={item.id}>
                <RoadmapForm
                  initial={item}
                  busy={state.loading}
                  onSubmit={async (f) => {
                    const saved = await updateRoadmapItem(item.id, f);
                    if (saved) {
                      setEditing(null);
                      toast(`Saved “${saved.title}”.`);
                    }
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li
                key={item.id}
                className={`wf-card admin-row${dragId === item.id ? ' is-dragging' : ''}${overId === item.id && dragId !== item.id ? ' is-drop-target' : ''}`}
                data-testid="admin-roadmap-row"
                data-id={item.id}
                draggable
                onDragStart={(e) => {
                  setDragId(item.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', item.id);
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOverId(item.id);
                }}
                onDragEnd={() => { setDragId(null); setOverId(null); }}
                onDrop={(e) => onDrop(e, item.id)}
              >
                <span className="admin-drag" aria-hidden="true" title="Drag to reorder">⠿</span>
                <div className="admin-row__main">
                  <h3>{item.title}</h3>
                  <div className="wf-muted" style={{ fontSize: '0.85rem' }}>
                    #{idx + 1} · {STATUS_LABEL[item.status]} ·{' '}
                    <span className={`wf-badge ${item.is_published ? 'admin-badge--published' : 'admin-badge--draft'}`}>{item.is_published ? 'Published' : 'Draft'}</span>
                  </div>
                  {item.description ? <p style={{ margin: '0.35rem 0 0' }}>{item.description}</p> : null}
                </div>
                <div className="admin-row__actions">
                  <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" data-move={`${item.id}:up`} aria-disabled={Boolean(pendingOrder) || undefined} disabled={idx === 0} onClick={() => void move(item, -1)} aria-label={`Move ${item.title} up`}>↑ Move up</button>
                  <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" data-move={`${item.id}:down`} aria-disabled={Boolean(pendingOrder) || undefined} disabled={idx === ordered.length - 1} onClick={() => void move(item, 1)} aria-label={`Move ${item.title} down`}>↓ Move down</button>
                  <label className="wf-visually-hidden" htmlFor={`rm-status-${item.id}`}>Status of {item.title}</label>
                  <select
                    id={`rm-status-${item.id}`}
                    className="wf-select wf-input"
                    style={{ width: 'auto', padding: '0.2rem 0.4rem' }}
                    value={item.status}
                    disabled={state.loading}
                    onChange={async (e) => {
                      const saved = await updateRoadmapItem(item.id, { status: e.target.value as RoadmapItem['status'] });
                      if (saved) toast(`“${saved.title}” is now ${STATUS_LABEL[saved.status]}.`);
                    }}
                  >
                    {ROADMAP_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
                  </select>
                  <button type="button" className="wf-btn wf-btn--sm" disabled={state.loading} onClick={async () => {
                    const saved = await updateRoadmapItem(item.id, { is_published: !item.is_published });
                    if (saved) toast(saved.is_published ? `Published “${saved.title}”.` : `Unpublished “${saved.title}”.`);
                  }} aria-label={`${item.is_published ? 'Unpublish' : 'Publish'} ${item.title}`}>
                    {item.is_published ? 'Unpublish' : 'Publish'}
                  </button>
                  <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => { setEditing(item.id); setCreating(false); }} aria-label={`Edit ${item.title}`}>Edit</button>
                  <ConfirmButton
                    label="Delete"
                    question={`Delete “${item.title}”?`}
                    onConfirm={async () => {
                      if (await deleteRoadmapItem(item.id)) toast(`Deleted “${item.title}”.`);
                    }}
                  />
                </div>
              </li>
            ),
          )}
        </ol>
      )}
    </>
  );
}
