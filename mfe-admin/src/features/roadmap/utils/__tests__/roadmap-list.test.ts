import type { RoadmapItem, RoadmapStatus } from '../../types';
import {
  byPositionOrder,
  groupPublished,
  moveItem,
  roadmapCounts,
  withCreated,
  withDeleted,
  withUpdated,
} from '../roadmap-list';

const r = (
  id: string,
  position_order: number,
  status: RoadmapStatus = 'planned',
  is_published = true,
): RoadmapItem => ({
  id,
  title: `Item ${id}`,
  description: '',
  status,
  position_order,
  is_published,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

test('a fetched list is sorted by position_order', () => {
  expect(byPositionOrder([r('b', 2), r('a', 1), r('c', 3)]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
});

test('created item is added and the list sorted by position_order', () => {
  expect(withCreated([r('a', 1), r('c', 3)], r('b', 2)).map((i) => i.id)).toEqual(['a', 'b', 'c']);
});

test('update replaces by id and re-sorts; delete removes by id', () => {
  let s = withUpdated([r('a', 1), r('b', 2), r('c', 3)], r('a', 9, 'completed'));
  expect(s.map((i) => `${i.id}${i.position_order}`)).toEqual(['b2', 'c3', 'a9']);
  expect(s.find((i) => i.id === 'a')!.status).toBe('completed');
  s = withDeleted(s, 'c');
  expect(s.map((i) => i.id)).toEqual(['b', 'a']);
});

test('published items are grouped by status; counts derived', () => {
  const items = [
    r('a', 2, 'completed'),
    r('b', 1, 'completed'),
    r('c', 3, 'in_progress'),
    r('d', 4, 'planned'),
    r('e', 5, 'planned', false),
  ];
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
