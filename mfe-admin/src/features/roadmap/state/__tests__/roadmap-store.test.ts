import { ApiError } from '@wayfarer/api-client';
import { adminStore } from '../../../../lib/admin-store';
import type { RoadmapItem, RoadmapStatus } from '../../types';
import { groupPublished, initialRoadmapState, moveItem, roadmapCounts, roadmapReducer } from '../roadmap-reducer';
import {
  createRoadmapItem, deleteRoadmapItem, fetchRoadmap, reorderRoadmap, roadmapCountsAtom, roadmapGroupsAtom,
  roadmapStateAtom, updateRoadmapItem, type RoadmapDeps,
} from '../roadmap-actions';

const r = (id: string, position_order: number, status: RoadmapStatus = 'planned', is_published = true): RoadmapItem => ({
  id, title: `Item ${id}`, description: '', status, position_order, is_published, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});

function fakeDeps(token: string | null = 'tok') {
  const calls: string[] = [];
  let server = [r('a', 1, 'completed'), r('b', 2, 'in_progress'), r('c', 3, 'planned', false)];
  const deps: RoadmapDeps = {
    getToken: async () => token,
    api: {
      list: async () => { calls.push('list'); return [...server].reverse(); },
      create: async (f) => { calls.push('create'); return { ...r('n', f.position_order ?? 0), title: f.title }; },
      update: async (id, f) => { calls.push('update'); return { ...server.find((x) => x.id === id)!, ...f }; },
      remove: async () => { calls.push('remove'); },
      reorder: async (ids) => { calls.push(`reorder:${ids.join(',')}`); server = ids.map((id, i) => ({ ...server.find((x) => x.id === id)!, position_order: i + 1 })); },
    },
  };
  return { deps, calls };
}

beforeEach(() => adminStore.set(roadmapStateAtom, initialRoadmapState));

describe('roadmapReducer', () => {
  test('fetched list is sorted by position_order and initialized', () => {
    const s = roadmapReducer({ ...initialRoadmapState, loading: true }, { type: 'fetched', items: [r('b', 2), r('a', 1), r('c', 3)] });
    expect(s.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(s).toMatchObject({ loading: false, initialized: true });
  });

  test('created item is added and the list sorted by position_order', () => {
    const s = roadmapReducer({ ...initialRoadmapState, items: [r('a', 1), r('c', 3)] }, { type: 'created', item: r('b', 2) });
    expect(s.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  test('update replaces by id and re-sorts; delete removes by id', () => {
    let s = roadmapReducer({ ...initialRoadmapState, items: [r('a', 1), r('b', 2), r('c', 3)] }, { type: 'updated', item: r('a', 9, 'completed') });
    expect(s.items.map((i) => `${i.id}${i.position_order}`)).toEqual(['b2', 'c3', 'a9']);
    expect(s.items.find((i) => i.id === 'a')!.status).toBe('completed');
    s = roadmapReducer(s, { type: 'deleted', id: 'c' });
    expect(s.items.map((i) => i.id)).toEqual(['b', 'a']);
  });

  test('request clears the error; failure stores it; clearError clears it', () => {
    let s = roadmapReducer({ ...initialRoadmapState, error: 'x' }, { type: 'request' });
    expect(s).toMatchObject({ loading: true, error: null });
    s = roadmapReducer(s, { type: 'failure', error: 'Failed to fetch roadmap' });
    expect(s).toMatchObject({ loading: false, error: 'Failed to fetch roadmap' });
    expect(roadmapReducer(s, { type: 'clearError' }).error).toBeNull();
  });

  test('published items are grouped by status; counts derived', () => {
    const items = [r('a', 2, 'completed'), r('b', 1, 'completed'), r('c', 3, 'in_progress'), r('d', 4, 'planned'), r('e', 5, 'planned', false)];
    const g = groupPublished(items);
    expect(g.completed.map((i) => i.id)).toEqual(['b', 'a']);
    expect(g.in_progress.map((i) => i.id)).toEqual(['c']);
    expect(g.planned.map((i) => i.id)).toEqual(['d']);
    expect(roadmapCounts(items)).toEqual({ total: 5, published: 4, drafts: 1 });
  });

  test('moveItem moves by one place and stays in bounds', () => {
    const items = [r('a', 1), r('b', 2), r('c', 3)];
    expect(moveItem(items, 'c', -1).map((i) => i.id)).toEqual(['a', 'c', 'b']);
    expect(moveItem(items, 'a', -1).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(moveItem(items, 'c', 1).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('roadmap actions', () => {
  test('a successful reorder triggers a re-fetch of the roadmap', async () => {
    const { deps, calls } = fakeDeps();
    await fetchRoadmap(deps);
    expect(await reorderRoadmap(['c', 'a', 'b'], deps)).toBe(true);
    expect(calls).toEqual(['list', 'reorder:c,a,b', 'list']);
    expect(adminStore.get(roadmapStateAtom).items.map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });

  test('a failed reorder does not re-fetch and shows the fallback', async () => {
    const { deps, calls } = fakeDeps();
    deps.api.reorder = async () => { calls.push('reorder'); throw new ApiError('Internal Server Error', 500, {}); };
    expect(await reorderRoadmap(['a'], deps)).toBe(false);
    expect(calls).toEqual(['reorder']);
    expect(adminStore.get(roadmapStateAtom).error).toBe('Failed to reorder roadmap items');
  });

  test('without a token create, update, delete and reorder stop before any call', async () => {
    const { deps, calls } = fakeDeps(null);
    await createRoadmapItem({ title: 't', status: 'planned' }, deps);
    await updateRoadmapItem('a', { title: 't' }, deps);
    await deleteRoadmapItem('a', deps);
    await reorderRoadmap(['a'], deps);
    expect(calls).toEqual([]);
    expect(adminStore.get(roadmapStateAtom).error).toBe('Authentication required');
  });

  test('fetch groups and counts; create sorts; failure messages prefer the server', async () => {
    const { deps } = fakeDeps();
    await fetchRoadmap(deps);
    expect(adminStore.get(roadmapStateAtom).initialized).toBe(true);
    expect(adminStore.get(roadmapCountsAtom)).toEqual({ total: 3, published: 2, drafts: 1 });
    expect(adminStore.get(roadmapGroupsAtom).completed.map((i) => i.id)).toEqual(['a']);
    await createRoadmapItem({ title: 'Mid', status: 'planned', position_order: 2.5 }, deps);
    expect(adminStore.get(roadmapStateAtom).items.map((i) => i.id)).toEqual(['a', 'b', 'n', 'c']);
    deps.api.list = async () => { throw new ApiError('Forbidden', 403, { error: 'Admins only' }); };
    await fetchRoadmap(deps);
    expect(adminStore.get(roadmapStateAtom).error).toBe('Admins only');
    deps.api.update = async () => { throw new Error('x'); };
    await updateRoadmapItem('a', {}, deps);
    expect(adminStore.get(roadmapStateAtom).error).toBe('Failed to update roadmap item');
  });
});
