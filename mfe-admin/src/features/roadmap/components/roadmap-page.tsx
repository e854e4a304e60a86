import { useState } from 'react';
import { EmptyState, Loading, toast, usePageMeta } from '@wayfarer/ui';
import { useRoadmapAdmin } from '../hooks/use-roadmap-admin';
import { useRoadmapOrder } from '../hooks/use-roadmap-order';
import { RoadmapForm } from './roadmap-form';
import { RoadmapGroups } from './roadmap-groups';
import { RoadmapRow } from './roadmap-row';
import { AdminListHead } from '../../../components/admin-list-head';

export function RoadmapPage() {
  usePageMeta({ title: 'Roadmap management', noindex: true });
  const state = useRoadmapAdmin();
  const { groups, counts, createRoadmapItem, updateRoadmapItem, deleteRoadmapItem, reorderRoadmap } = state;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const order = useRoadmapOrder(state.items, reorderRoadmap);
  const { ordered } = order;

  return (
    <>
      <AdminListHead
        title="Roadmap"
        newLabel="New roadmap item"
        creating={creating}
        onToggleCreate={() => {
          setCreating((c) => !c);
          setEditing(null);
        }}
        counts={counts}
        countsTestId="roadmap-counts"
        error={state.error}
        onDismissError={state.clearError}
      />
      <div className="wf-visually-hidden" aria-live="polite">
        {order.announce}
      </div>

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
      <p className="wf-muted" style={{ marginTop: 0 }}>
        Drag a row by its handle, or use Up / Down. The order is saved at once.
      </p>
      {!state.initialized && !state.error ? (
        <Loading message="Loading roadmap…" />
      ) : ordered.length === 0 ? (
        <EmptyState title="No roadmap items yet">
          Create the first item to show visitors what is coming.
        </EmptyState>
      ) : (
        <ol className="admin-list" aria-label="Roadmap items" ref={order.listRef}>
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
                reordering={order.reordering}
                busy={state.loading}
                {...order.dragOf(item)}
                onMove={(delta) => void order.move(item, delta)}
                onEdit={() => {
                  setEditing(item.id);
                  setCreating(false);
                }}
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
