import type { Comment } from '@wayfarer/contracts';
import { withAdded, withLikeAnswer, withLikeToggled, withRemoved, withReplaced } from '../comment-list';

const c = (id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  user_id: 'u1',
  sight_id: 's1',
  body: id,
  rating: null,
  parent_id: null,
  reply_count: 0,
  likes_count: 0,
  user_liked: false,
  created_at: '2026-01-01T00:00:00Z',
  user: { id: 'u1', display_name: null, avatar_url: null },
  ...over,
});

test('a new comment goes on top; a reply counts on its parent', () => {
  expect(withAdded([c('old')], c('new')).map((x) => x.id)).toEqual(['new', 'old']);
  expect(withAdded([c('p')], c('r', { parent_id: 'p' })).find((x) => x.id === 'p')!.reply_count).toBe(1);
});

test('an edit replaces in place', () => {
  expect(withReplaced([c('a'), c('b'), c('c')], c('b', { body: 'changed' })).map((x) => x.body)).toEqual([
    'a',
    'changed',
    'c',
  ]);
});

test('delete removes the comment and its replies; a deleted reply leaves its parent count', () => {
  const items = [
    c('p', { reply_count: 2 }),
    c('r1', { parent_id: 'p' }),
    c('r2', { parent_id: 'p' }),
    c('q'),
  ];
  expect(withRemoved(items, 'p').map((x) => x.id)).toEqual(['q']);
  expect(withRemoved(items, 'r1').find((x) => x.id === 'p')!.reply_count).toBe(1);
});

test('like toggles and never goes below 0; the answer sets the flag and count', () => {
  let s = withLikeToggled([c('a', { likes_count: 0, user_liked: true })], 'a');
  expect(s[0]).toMatchObject({ likes_count: 0, user_liked: false });
  s = withLikeToggled(s, 'a');
  expect(s[0]).toMatchObject({ likes_count: 1, user_liked: true });
  expect(withLikeAnswer(s, 'a', { liked: false, likes_count: -3 })[0]).toMatchObject({
    likes_count: 0,
    user_liked: false,
  });
});
