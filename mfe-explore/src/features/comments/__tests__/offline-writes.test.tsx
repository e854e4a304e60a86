import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Comment } from '@wayfarer/contracts';
import { onlineManager } from '@wayfarer/query';
import {
  initialUserState,
  sessionStore,
  setSupabaseForTests,
  userStateAtom,
  type WayfarerSupabase,
} from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { sightKeys } from '../../../lib/sight-cache';
import { commentKeys } from '../api/keys';
import { CommentsSection } from '../comments-section';

/** Comments and likes made offline are queued, shown as pending, then sent once each, in order. */
const PENDING = 'Pending — will be sent when you are back online';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const theirs: Comment = {
  id: 'c1',
  user_id: 'u2',
  sight_id: 's1',
  body: 'Worth the queue',
  rating: null,
  parent_id: null,
  reply_count: 0,
  likes_count: 2,
  user_liked: false,
  created_at: '2026-01-01T00:00:00Z',
  user: { id: 'u2', display_name: 'Other', avatar_url: null },
};

let sent: { method: string; path: string; body: Record<string, unknown> }[];
let answer: (path: string) => Response;
/** What the server lists: the comments it has, as the accepted writes left them. */
let onServer: Comment[];

beforeEach(() => {
  localStorage.clear();
  sent = [];
  onServer = [theirs];
  answer = (path) =>
    path.endsWith('/like')
      ? new Response(JSON.stringify({ liked: true, likes_count: 3 }))
      : new Response(JSON.stringify({ id: 'server-id', created_at: '2026-02-01T00:00:00Z' }), {
          status: 201,
        });
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input)).pathname;
    if (method === 'GET') return new Response(JSON.stringify({ items: onServer }));
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push({ method, path, body });
    const res = answer(path);
    if (res.ok && path.endsWith('/like'))
      onServer = onServer.map((c) => (c.id === 'c1' ? { ...c, likes_count: 3, user_liked: true } : c));
    else if (res.ok)
      onServer = [
        ...onServer,
        { ...theirs, id: 'server-id', user_id: 'u1', body: String(body.body), rating: Number(body.rating) },
      ];
    return res;
  }) as unknown as typeof fetch;
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u1' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  sessionStore.set(userStateAtom, {
    ...initialUserState,
    initialized: true,
    user: {
      id: 'u1',
      email: 'u1@x',
      display_name: 'Me',
      gender: null,
      birthdate: null,
      avatar_url: null,
      isAdmin: false,
    },
  } as never);
});
afterEach(() => {
  setSupabaseForTests(null);
  onlineManager.setOnline(true);
});

function setup() {
  const { client, wrapper } = withQueryClient();
  client.mount(); // as QueryClientProvider does in the page: resumes paused writes when back online
  client.setQueryData(sightKeys.detail('s1'), {
    sight: { id: 's1', name: 'S', latitude: 0, longitude: 0, rating_avg: 4, ratings_count: 1 },
    stations: [],
  });
  client.setQueryData(commentKeys.bySight('s1'), [theirs]);
  render(<CommentsSection sightId="s1" />, { wrapper });
  return client;
}

async function postComment(text: string, stars: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('radio', { name: stars }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
  });
}

test('offline, a rated comment and a like show as pending at once and nothing is sent', async () => {
  setup();
  act(() => onlineManager.setOnline(false));
  await postComment('From the basement', '4 stars');
  const pending = await screen.findByTestId('pending-comment');
  expect(within(pending).getByTestId('comment-body').textContent).toBe('From the basement');
  expect(within(pending).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  expect(within(pending).getByTestId('pending-write').textContent).toContain(PENDING);
  expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('');

  const item = screen.getAllByTestId('comment').find((el) => el.dataset.commentId === 'c1')!;
  await act(async () => {
    fireEvent.click(within(item).getByTestId('like'));
  });
  await waitFor(() => expect(within(item).getByTestId('likes').textContent).toBe('3'));
  expect(within(item).getByTestId('pending-write').textContent).toContain(PENDING);
  expect(sent).toEqual([]);
});

test('back online, the writes go in order, once each with their own UUID key, and the answers replace pending', async () => {
  const client = setup();
  act(() => onlineManager.setOnline(false));
  await postComment('From the basement', '4 stars');
  const item = screen.getAllByTestId('comment').find((el) => el.dataset.commentId === 'c1')!;
  await act(async () => {
    fireEvent.click(within(item).getByTestId('like'));
  });
  await screen.findByTestId('pending-comment');

  await act(async () => onlineManager.setOnline(true));
  await waitFor(() => expect(screen.queryByTestId('pending-comment')).toBeNull());
  expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
    'POST /sights/s1/comments',
    'POST /comments/c1/like',
  ]);
  const [post, like] = sent;
  expect(post!.body).toMatchObject({ body: 'From the basement', rating: 4, parent_id: null });
  expect(post!.body.idempotency_key).toMatch(UUID);
  expect(like!.body.idempotency_key).toMatch(UUID);
  expect(like!.body.idempotency_key).not.toBe(post!.body.idempotency_key);
  // The server's answer: the comment under its id, the like count it gave, no pending marks left.
  await waitFor(() =>
    expect(screen.getAllByTestId('comment').some((el) => el.dataset.commentId === 'server-id')).toBe(true),
  );
  const posted = screen.getAllByTestId('comment').find((el) => el.dataset.commentId === 'server-id')!;
  expect(within(posted).getByTestId('comment-body').textContent).toBe('From the basement');
  await waitFor(() => expect(screen.queryByTestId('pending-write')).toBeNull());
  expect(within(item).getByTestId('likes').textContent).toBe('3');
  expect((client.getQueryData(sightKeys.detail('s1')) as { sight: unknown }).sight).toMatchObject({
    ratings_count: 2,
  });
});

test('a queued write the server refuses shows its reason, the optimistic like goes back, and it can be dismissed', async () => {
  setup();
  answer = () => new Response(JSON.stringify({ error: 'Comment not found' }), { status: 404 });
  act(() => onlineManager.setOnline(false));
  const item = screen.getAllByTestId('comment').find((el) => el.dataset.commentId === 'c1')!;
  await act(async () => {
    fireEvent.click(within(item).getByTestId('like'));
  });
  await waitFor(() => expect(within(item).getByTestId('likes').textContent).toBe('3'));
  await act(async () => onlineManager.setOnline(true));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Your like was not sent: Comment not found');
  expect(within(item).getByTestId('likes').textContent).toBe('2');
  expect(screen.queryByTestId('pending-write')).toBeNull();
  expect(sent).toHaveLength(1);
  fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});

test('online, a write is sent at once as before (the form waits for it), still with a key', async () => {
  setup();
  await postComment('Right now', '5 stars');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body.idempotency_key).toMatch(UUID);
  expect(screen.queryByTestId('pending-comment')).toBeNull();
  await waitFor(() =>
    expect(screen.getAllByTestId('comment').some((el) => el.dataset.commentId === 'server-id')).toBe(true),
  );
});
