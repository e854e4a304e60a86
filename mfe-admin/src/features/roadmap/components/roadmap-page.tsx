import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { EmptyState, ErrorBox, Loading, toast, usePageMeta } from '@wayfarer/ui';
import { useRoadmapAdmin } from '../hooks/use-roadmap-admin';
import { moveItem } from '../utils/roadmap-list';
import type { RoadmapItem } from '../types';
import { RoadmapForm } from './roadmap-form';
import { RoadmapGroups } from './roadmap-groups';
import { RoadmapRow } from './roadmap-row';

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

      <RoadmapGroups groups={groups} />

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
      <p className="wf-muted" style={{ marginTop: 0 }}>Drag a row by its handle, or use Up / Down. The order is saved at once.</p>
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
              <RoadmapRow
                key={item.id}
                item={item}
                index={idx}
                total={ordered.length}
                reordering={Boolean(pendingOrder)}
                busy={state.loading}
                dragging={dragId === item.id}
                dropTarget={overId === item.id && dragId !== item.id}
                drag={{
                  onDragStart: () => setDragId(item.id),
                  onDragOver: () => setOverId(item.id),
                  onDragEnd: () => { setDragId(null); setOverId(null); },
                  onDrop: (e) => onDrop(e, item.id),
                }}
                onMove={(delta) => void move(item, delta)}
                onEdit={() => { setEditing(item.id); setCreating(false); }}
                onUpdate={(patch) => updateRoadmapItem(item.id, patch)}
                onDelete={() => deleteRoadmapItem(item.id)}
              />
            ),
          )}
        </ol>
      )}
    </>
  );
}
