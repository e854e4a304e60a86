import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Comment } from '@wayfarer/contracts';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { sightKeys } from '../../../../lib/sight-cache';
import { useCommentActions, useComments } from '../comments-queries';
import { commentKeys } from '../keys';

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

let calls: string[];
let answer: (method: string, path: string) => Promise<Response>;

function session(token: string | null) {
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: token ? { access_token: token, user: { id: 'u1' } } : null },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
}

beforeEach(() => {
  calls = [];
  session('tok');
  answer = async (method) =>
    method === 'GET'
      ? new Response(JSON.stringify({ items: [c('a', { likes_count: 3 })] }))
      : new Response('{}', { status: 500 });
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input)).pathname;
    calls.push(`${method} ${path}`);
    return answer(method, path);
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

async function mounted() {
  const { client, wrapper } = withQueryClient();
  // The open sight, as loaded.
  client.setQueryData(sightKeys.detail('s1'), {
    sight: { id: 's1', name: 'S', latitude: 0, longitude: 0, rating_avg: 4, ratings_count: 2 },
    stations: [],
  });
  const view = renderHook(() => ({ list: useComments('s1'), actions: useCommentActions('s1') }), { wrapper });
  await waitFor(() => expect(view.result.current.list.data).toHaveLength(1));
  return { ...view, client };
}

test('an optimistic like is shown at once and reverted when the call fails', async () => {
  const { result } = await mounted();
  let reject!: (e: Error) => void;
  answer = () => new Promise((_, r) => (reject = r));
  let p!: Promise<void>;
  act(() => {
    p = result.current.actions.toggleLike('a');
  });
  await waitFor(() =>
    expect(result.current.list.data![0]).toMatchObject({ likes_count: 4, user_liked: true }),
  );
  expect(result.current.actions.isLiking('a')).toBe(true);
  await act(async () => {
    reject(new TypeError('boom'));
    await expect(p).rejects.toThrow('boom');
  });
  await waitFor(() =>
    expect(result.current.list.data![0]).toMatchObject({ likes_count: 3, user_liked: false }),
  );
  expect(result.current.actions.isLiking('a')).toBe(false);
});

test('signed out, every write throws the spec message and changes nothing, before any call', async () => {
  const { result } = await mounted();
  session(null);
  calls = [];
  await expect(result.current.actions.toggleLike('a')).rejects.toThrow(
    'You must be logged in to like comments',
  );
  await expect(
    result.current.actions.post({ body: 'x', rating: null, parent_id: null }, undefined),
  ).rejects.toThrow('You must be logged in to post comments');
  await expect(result.current.actions.edit('a', 'x', null)).rejects.toThrow(
    'You must be logged in to edit comments',
  );
  await expect(result.current.actions.remove('a')).rejects.toThrow(
    'You must be logged in to delete comments',
  );
  expect(calls).toEqual([]);
  expect(result.current.list.data![0].likes_count).toBe(3);
});

test('a rated comment goes on top and updates the sight average locally; deleting it takes the rating back', async () => {
  const { result, client } = await mounted();
  const openSight = () => (client.getQueryData(sightKeys.detail('s1')) as { sight: unknown }).sight;
  answer = async (method) =>
    method === 'POST'
      ? new Response(JSON.stringify({ id: 'n', created_at: '2026-02-01T00:00:00Z' }))
      : new Response(JSON.stringify({ ok: true }));
  await act(async () => {
    await result.current.actions.post(
      { body: 'Lovely', rating: 1, parent_id: null },
      { id: 'u1', display_name: 'Me', avatar_url: null },
    );
  });
  await waitFor(() => expect(result.current.list.data!.map((x) => x.id)).toEqual(['n', 'a']));
  expect(openSight()).toMatchObject({ ratings_count: 3, rating_avg: 3 });
  await act(async () => {
    await result.current.actions.remove('n');
  });
  await waitFor(() => expect(result.current.list.data!.map((x) => x.id)).toEqual(['a']));
  expect(openSight()).toMatchObject({ ratings_count: 2, rating_avg: 4 });
  expect(calls.filter((x) => !x.startsWith('GET'))).toEqual([
    'POST /sights/s1/comments',
    'DELETE /comments/n',
  ]);
});

test('a failed comment load is only logged: the comments shown stay', async () => {
  const { result, client } = await mounted();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  answer = async () => new Response('{}', { status: 500 });
  await act(async () => {
    await client.refetchQueries({ queryKey: commentKeys.bySight('s1') });
  });
  expect(result.current.list.data!.map((x) => x.id)).toEqual(['a']);
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

test('the list reads the pages after the first (the API answers a bounded page at a time), and keeps what came when a later page fails', async () => {
  const urls: string[] = [];
  let secondFails = false;
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url.search);
    const cursor = url.searchParams.get('cursor');
    if (!cursor) return new Response(JSON.stringify({ items: [c('a')], next_cursor: 'p2' }));
    if (secondFails) return new Response('{"message":"offline"}', { status: 503 });
    return new Response(JSON.stringify({ items: [c('b'), c('r', { parent_id: 'a' })], next_cursor: null }));
  }) as unknown as typeof fetch;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const { client, wrapper } = withQueryClient();
    const view = renderHook(() => useComments('s1'), { wrapper });
    await waitFor(() => expect(view.result.current.data?.map((x) => x.id)).toEqual(['a', 'b', 'r']));
    // The first page's URL carries no query (a trip pack stores it as such); later ones ask for full pages.
    expect(urls).toEqual(['', '?cursor=p2&limit=50']);

    secondFails = true;
    await act(() => client.refetchQueries({ queryKey: commentKeys.bySight('s1') }));
    await waitFor(() => expect(view.result.current.data?.map((x) => x.id)).toEqual(['a']));
  } finally {
    warn.mockRestore();
  }
});
