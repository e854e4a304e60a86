import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapStatus } from '../types';

export interface RoadmapState {
  items: RoadmapItem[];
  loading: boolean;
  error: string | null;
  initialized: boolean;
}

export const initialRoadmapState: RoadmapState = { items: [], loading: false, error: null, initialized: false };

export type RoadmapAction =
  | { type: 'request' }
  | { type: 'fetched'; items: RoadmapItem[] }
  | { type: 'created'; item: RoadmapItem }
  | { type: 'updated'; item: RoadmapItem }
  | { type: 'deleted'; id: string }
  /** The reorder call succeeded; the list itself comes from the re-fetch that follows. */
  | { type: 'reordered' }
  | { type: 'failure'; error: string }
  | { type: 'clearError' };

export const byPositionOrder = (items: readonly RoadmapItem[]): RoadmapItem[] =>
  [...items].sort((a, b) => a.position_order - b.position_order);

export function roadmapReducer(state: RoadmapState, action: RoadmapAction): RoadmapState {
  switch (action.type) {
    case 'request':
      return { ...state, loading: true, error: null };
    case 'fetched':
      return { ...state, loading: false, items: byPositionOrder(action.items), initialized: true };
    case 'created':
      return { ...state, loading: false, items: byPositionOrder([...state.items.filter((r) => r.id !== action.item.id), action.item]) };
    case 'updated':
      return { ...state, loading: false, items: byPositionOrder(state.items.map((r) => (r.id === action.item.id ? action.item : r))) };
    case 'deleted':
      return { ...state, loading: false, items: state.items.filter((r) => r.id !== action.id) };
    case 'reordered':
      return { ...state, loading: false };
    case 'failure':
      return { ...state, loading: false, error: action.error };
    case 'clearError':
      return { ...state, error: null };
  }
}

export type RoadmapGroups = Record<RoadmapStatus, RoadmapItem[]>;

/** Published items grouped into completed, in_progress, planned (spec point 4). */
export function groupPublished(items: readonly RoadmapItem[]): RoadmapGroups {
  const groups: RoadmapGroups = { completed: [], in_progress: [], planned: [] };
  for (const item of byPositionOrder(items)) {
    if (item.is_published && (ROADMAP_STATUSES as readonly string[]).includes(item.status)) groups[item.status].push(item);
  }
  return groups;
}

export function roadmapCounts(items: readonly RoadmapItem[]): { total: number; published: number; drafts: number } {
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
