import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { moveItem } from '../utils/roadmap-list';
import type { RoadmapItem } from '../types';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/**
 * The roadmap list's reordering (Move up / Move down and drag and drop): the order shown while a new one is
 * saved (the re-fetch then replaces it with the server's), the screen-reader announcement, the drag state, and
 * keyboard focus kept on the moved item's button across the save and re-fetch.
 */
export function useRoadmapOrder(items: RoadmapItem[], reorder: (ids: readonly string[]) => Promise<boolean>) {
  const { t } = useTranslation(ADMIN_NS);
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragId, setDragId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<string | null>(null);

  const ordered: RoadmapItem[] = useMemo(() => {
    if (!pendingOrder) return items;
    const byId = new Map(items.map((i) => [i.id, i]));
    return pendingOrder.map((id) => byId.get(id)).filter((i): i is RoadmapItem => Boolean(i));
  }, [items, pendingOrder]);

  // Focus stays on the moved item's button (or its other move button when this one became disabled at an edge).
  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current || pendingOrder) return;
    const el = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${target}"]`);
    const alt = listRef.current.querySelector<HTMLButtonElement>(
      `[data-move^="${target.split(':')[0]}:"]:not([disabled])`,
    );
    (el && !el.disabled ? el : alt)?.focus();
    refocus.current = null;
  });

  async function saveOrder(next: RoadmapItem[], movedId: string) {
    const ids = next.map((i) => i.id);
    setPendingOrder(ids);
    const moved = next.find((i) => i.id === movedId);
    setAnnounce(
      t('roadmap.moved', {
        name: moved?.title ?? '',
        position: ids.indexOf(movedId) + 1,
        total: ids.length,
      }),
    );
    await reorder(ids);
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

  /** The drag handlers and state of one row. */
  const dragOf = (item: RoadmapItem) => ({
    dragging: dragId === item.id,
    dropTarget: overId === item.id && dragId !== item.id,
    drag: {
      onDragStart: () => setDragId(item.id),
      onDragOver: () => setOverId(item.id),
      onDragEnd: () => {
        setDragId(null);
        setOverId(null);
      },
      onDrop: (e: DragEvent) => onDrop(e, item.id),
    },
  });

  return { ordered, reordering: Boolean(pendingOrder), announce, listRef, move, dragOf };
}
