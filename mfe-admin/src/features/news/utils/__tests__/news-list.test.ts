import type { NewsItem } from '../../types';
import { newsCounts, withCreated, withDeleted, withUpdated } from '../news-list';

const item = (id: string, is_published = false, title = `News ${id}`): NewsItem => ({
  id,
  title,
  summary: '',
  body: 'Body',
  image_url: null,
  is_published,
  published_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

test('created news goes to the front', () => {
  expect(withCreated([item('a'), item('b')], item('c')).map((n) => n.id)).toEqual(['c', 'a', 'b']);
});

test('update replaces by id in place; delete removes by id', () => {
  const s = withUpdated([item('a'), item('b'), item('c')], item('b', true, 'Changed'));
  expect(s.map((n) => n.title)).toEqual(['News a', 'Changed', 'News c']);
  expect(withDeleted(s, 'a').map((n) => n.id)).toEqual(['b', 'c']);
});

test('published and draft counts are derived', () => {
  expect(newsCounts([item('a', true), item('b'), item('c', true)])).toEqual({
    total: 3,
    published: 2,
    drafts: 1,
  });
});
