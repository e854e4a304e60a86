import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { PUBLIC_DATA_KEYS } from '@wayfarer/contracts/browser';
import { useNewsAdmin } from '../use-news-admin';

const item = (id: string, is_published = false, title = `News ${id}`) => ({
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

let calls: string[];
/** Answers by method; a test replaces one to make it fail. */
let answer: Record<string, (body: Record<string, unknown>, id: string) => Response>;
const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });

function session(token: string | null) {
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: token ? { access_token: token, user: { id: 'u' } } : null },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
}

beforeEach(() => {
  calls = [];
  session('tok');
  answer = {
    GET: () => json({ ok: true, news: [item('a', true), item('b')] }),
    POST: (b) => json({ ok: true, news: { ...item('new'), title: b.title } }),
    PUT: (b, id) => json({ ok: true, news: { ...item(id), ...b } }),
    DELETE: () => json({ ok: true }),
  };
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(method);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    return answer[method]!(body, new URL(String(input)).pathname.split('/').pop()!);
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const mount = () => renderHook(() => useNewsAdmin(), { wrapper: withQueryClient().wrapper });

test('fetch fills the list, marks initialized and derives counts', async () => {
  const { result } = mount();
  expect(result.current.initialized).toBe(false);
  await waitFor(() => expect(result.current.initialized).toBe(true));
  expect(result.current).toMatchObject({
    loading: false,
    error: null,
    counts: { total: 2, published: 1, drafts: 1 },
  });
});

test('no access token: create, update and delete stop with Authentication required before any call', async () => {
  const { result } = mount();
  await waitFor(() => expect(result.current.initialized).toBe(true));
  session(null);
  calls = [];
  await act(async () => expect(await result.current.createNews({ title: 't', body: 'c' })).toBeNull());
  expect(result.current.error).toBe('Authentication required');
  await act(async () => expect(await result.current.updateNews('a', { title: 't' })).toBeNull());
  await act(async () => expect(await result.current.deleteNews('a')).toBe(false));
  expect(calls).toEqual([]);
  act(() => result.current.clearError());
  expect(result.current.error).toBeNull();
});

test('server message preferred, spec fallback otherwise', async () => {
  answer.GET = () => json({}, 500);
  const { result } = mount();
  await waitFor(() => expect(result.current.error).toBe('Failed to fetch news'));
  answer.POST = () => json({ error: 'title is required' }, 400);
  await act(async () => void (await result.current.createNews({ title: '', body: '' })));
  expect(result.current.error).toBe('title is required');
  answer.DELETE = () => {
    throw new TypeError('network');
  };
  await act(async () => void (await result.current.deleteNews('x')));
  expect(result.current.error).toBe('Failed to delete news');
  answer.PUT = () => json({}, 500);
  await act(async () => void (await result.current.updateNews('x', {})));
  expect(result.current.error).toBe('Failed to update news');
  // A write clears the previous error when it starts; its success leaves none.
  answer.PUT = (b, id) => json({ ok: true, news: { ...item(id), ...b } });
  await act(async () => void (await result.current.updateNews('x', {})));
  expect(result.current.error).toBeNull();
});

test('create puts the new item first; delete removes it', async () => {
  const { result } = mount();
  await waitFor(() => expect(result.current.initialized).toBe(true));
  await act(async () => void (await result.current.createNews({ title: 'Fresh', body: 'c' })));
  expect(result.current.items[0]!.title).toBe('Fresh');
  await act(async () => expect(await result.current.deleteNews('new')).toBe(true));
  expect(result.current.items.map((n) => n.id)).toEqual(['a', 'b']);
});

test('a write marks the public news lists of the same tab stale (an admin then sees the change on /news)', async () => {
  const { client, wrapper } = withQueryClient();
  const publicList = [...PUBLIC_DATA_KEYS.news, 'list'];
  client.setQueryData(publicList, [item('a', true)]);
  const { result } = renderHook(() => useNewsAdmin(), { wrapper });
  await waitFor(() => expect(result.current.initialized).toBe(true));
  expect(client.getQueryState(publicList)!.isInvalidated).toBe(false);
  await act(async () => void (await result.current.updateNews('b', { is_published: true })));
  expect(client.getQueryState(publicList)!.isInvalidated).toBe(true);
  // A failed write changes nothing anywhere.
  client.setQueryData(publicList, [item('a', true)]);
  answer.PUT = () => json({ ok: false, error: 'Nope' }, 500);
  await act(async () => void (await result.current.updateNews('b', { is_published: false })));
  expect(client.getQueryState(publicList)!.isInvalidated).toBe(false);
});
