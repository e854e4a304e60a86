import { useState } from 'react';
import { EmptyState, Loading, toast, usePageMeta } from '@wayfarer/ui';
import { useRoadmapAdmin } from '../hooks/use-roadmap-admin';
import { useRoadmapOrder } from '../hooks/use-roadmap-order';
import { RoadmapForm } from './roadmap-form';
import { RoadmapGroups } from './roadmap-groups';
import { RoadmapRow } from './roadmap-row';
import { AdminListHead } from '../../../components/admin-list-head';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

export function RoadmapPage() {
  const { t } = useTranslation(ADMIN_NS);
  usePageMeta({ title: t('roadmap.metaTitle'), noindex: true });
  const state = useRoadmapAdmin();
  const { groups, counts, createRoadmapItem, updateRoadmapItem, deleteRoadmapItem, reorderRoadmap } = state;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const order = useRoadmapOrder(state.items, reorderRoadmap);
  const { ordered } = order;

  return (
    <>
      <AdminListHead
        title={t('roadmap.title')}
        newLabel={t('roadmap.new')}
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
              toast(t('common.created', { name: created.title }));
            }
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}

      <h2 style={{ fontSize: '1.05rem' }}>{t('roadmap.allInOrder')}</h2>
      <p className="wf-muted" style={{ marginTop: 0 }}>
        {t('roadmap.howToOrder')}
      </p>
      {!state.initialized && !state.error ? (
        <Loading message={t('roadmap.loading')} />
      ) : ordered.length === 0 ? (
        <EmptyState title={t('roadmap.none')}>{t('roadmap.createFirst')}</EmptyState>
      ) : (
        <ol className="admin-list" aria-label={t('roadmap.list')} ref={order.listRef}>
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
                      toast(t('common.saved', { name: saved.title }));
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
