import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapStatus } from '../types';

export const byPositionOrder = (items: readonly RoadmapItem[]): RoadmapItem[] =>
  [...items].sort((a, b) => a.position_order - b.position_order);

/** Spec point 4: a created item is added and the list sorted by position_order. */
export const withCreated = (items: readonly RoadmapItem[], item: RoadmapItem): RoadmapItem[] =>
  byPositionOrder([...items.filter((r) => r.id !== item.id), item]);

/** An update replaces the item by id and re-sorts. */
export const withUpdated = (items: readonly RoadmapItem[], item: RoadmapItem): RoadmapItem[] =>
  byPositionOrder(items.map((r) => (r.id === item.id ? item : r)));

/** A delete removes the item by id. */
export const withDeleted = (items: readonly RoadmapItem[], id: string): RoadmapItem[] =>
  items.filter((r) => r.id !== id);

export type RoadmapGroups = Record<RoadmapStatus, RoadmapItem[]>;

/** Published items grouped into completed, in_progress, planned (spec point 4). */
export function groupPublished(items: readonly RoadmapItem[]): RoadmapGroups {
  const groups: RoadmapGroups = { completed: [], in_progress: [], planned: [] };
  for (const item of byPositionOrder(items)) {
    if (item.is_published && (ROADMAP_STATUSES as readonly string[]).includes(item.status))
      groups[item.status].push(item);
  }
  return groups;
}

export function roadmapCounts(items: readonly RoadmapItem[]): {
  total: number;
  published: number;
  drafts: number;
} {
  const published = items.filter((r) => r.is_published).length;
  return { total: items.length, published, drafts: items.length - published };
}

/** Moves one id by delta places; the list is unchanged when the move would leave the bounds. */
export function moveItem<T extends { id: string }>(items: readonly T[], id: string, delta: number): T[] {
  const from = items.findIndex((i) => i.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
