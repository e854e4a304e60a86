import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { sessionStore, userStateAtom, initialUserState } from '@wayfarer/session';
import type { Comment } from '@wayfarer/contracts';
import { withQueryClient } from '@wayfarer/session/testing';
import { sightKeys } from '../../../lib/sight-cache';
import { commentKeys } from '../api/keys';
import { CommentsSection } from '../comments-section';

const c = (id: string, user_id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  user_id,
  sight_id: 's1',
  body: `body ${id}`,
  rating: null,
  parent_id: null,
  reply_count: 0,
  likes_count: 2,
  user_liked: false,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  user: { id: user_id, display_name: `User ${user_id}`, avatar_url: null },
  ...over,
});

function setup(meId: string | null, items: Comment[]) {
  sessionStore.set(userStateAtom, {
    ...initialUserState,
    initialized: true,
    user: meId
      ? {
          id: meId,
          email: `${meId}@x`,
          display_name: meId,
          gender: null,
          birthdate: null,
          avatar_url: null,
          isAdmin: false,
        }
      : null,
  } as never);
  // The open sight's comments, as loaded (no network in jsdom: a re-read fails and, as the spec says, is only logged).
  const { client, wrapper } = withQueryClient();
  client.setQueryData(sightKeys.detail('s1'), {
    sight: { id: 's1', name: 'S', latitude: 0, longitude: 0 },
    stations: [],
  });
  client.setQueryData(commentKeys.bySight('s1'), items);
  return render(<CommentsSection sightId="s1" />, { wrapper });
}

describe('CommentsSection', () => {
  it('only the owner sees edit and delete; replies are threaded with a count; text stays text', () => {
    setup('u1', [
      c('a', 'u1', { reply_count: 1, body: '<b>bold</b>' }),
      // Newest first: b a second older than a (both built from Date.now(), they tied only when no millisecond passed).
      c('b', 'u2', { created_at: new Date(Date.now() - 3_601_000).toISOString() }),
      c('r', 'u2', { parent_id: 'a' }),
    ]);
    const items = screen.getAllByTestId('comment');
    const [a, r, b] = items;
    expect(within(a).getAllByTestId('comment-body')[0].textContent).toBe('<b>bold</b>');
    expect(within(a).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(within(b).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(r).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(a).getByRole('button', { name: 'Reply (1)' })).toBeTruthy();
    expect(screen.getAllByText('1 hour ago')).toHaveLength(3);
  });
  it('signed out, liking shows the spec message and the count is unchanged', async () => {
    setup(null, [c('a', 'u1')]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('like'));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('You must be logged in to like comments');
    expect(screen.getByTestId('likes').textContent).toBe('2');
  });
});
