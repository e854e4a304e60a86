import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import type { RoadmapItem, RoadmapStatus } from '../../types';
import { useRoadmapAdmin } from '../use-roadmap-admin';

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
const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });

let calls: string[];
let server: RoadmapItem[];
let answer: Record<string, (body: Record<string, unknown>, path: string) => Response>;

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
  server = [r('a', 1, 'completed'), r('b', 2, 'in_progress'), r('c', 3, 'planned', false)];
  answer = {
    // The server answers in reverse: the list shown is sorted by position_order all the same.
    GET: () => json({ ok: true, roadmap: [...server].reverse() }),
    POST: (b) =>
      json({ ok: true, roadmapItem: { ...r('n', Number(b.position_order ?? 0)), title: b.title } }),
    PUT: (b, path) => {
      if (path.endsWith('/reorder')) {
        const items = b.items as { id: string; position_order: number }[];
        server = items.map(({ id, position_order }) => ({
          ...server.find((x) => x.id === id)!,
          position_order,
        }));
        return json({ ok: true });
      }
      const id = path.split('/').pop()!;
      return json({ ok: true, roadmapItem: { ...server.find((x) => x.id === id)!, ...b } });
    },
    DELETE: () => json({ ok: true }),
  };
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input)).pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push(
      method === 'PUT' && path.endsWith('/reorder')
        ? `reorder:${(body.items as { id: string }[]).map((i) => i.id).join(',')}`
        : method === 'GET'
          ? 'list'
          : method,
    );
    return answer[method]!(body, path);
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

async function mounted() {
  const view = renderHook(() => useRoadmapAdmin(), { wrapper: withQueryClient().wrapper });
  await waitFor(() => expect(view.result.current.initialized).toBe(true));
  return view;
}

test('a successful reorder triggers a re-fetch of the roadmap', async () => {
  const { result } = await mounted();
  await act(async () => expect(await result.current.reorderRoadmap(['c', 'a', 'b'])).toBe(true));
  expect(calls).toEqual(['list', 'reorder:c,a,b', 'list']);
  expect(result.current.items.map((i) => i.id)).toEqual(['c', 'a', 'b']);
});

test('a failed reorder does not re-fetch and shows the fallback', async () => {
  const { result } = await mounted();
  answer.PUT = () => json({}, 500);
  calls = [];
  await act(async () => expect(await result.current.reorderRoadmap(['a'])).toBe(false));
  expect(calls).toEqual(['reorder:a']);
  expect(result.current.error).toBe('Failed to reorder roadmap items');
});

test('without a token create, update, delete and reorder stop before any call', async () => {
  const { result } = await mounted();
  session(null);
  calls = [];
  await act(async () => {
    await result.current.createRoadmapItem({ title: 't', status: 'planned' });
    await result.current.updateRoadmapItem('a', { title: 't' });
    await result.current.deleteRoadmapItem('a');
    await result.current.reorderRoadmap(['a']);
  });
  expect(calls).toEqual([]);
  expect(result.current.error).toBe('Authentication required');
});

test('fetch groups and counts; create sorts; failure messages prefer the server', async () => {
  const { result } = await mounted();
  expect(result.current.counts).toEqual({ total: 3, published: 2, drafts: 1 });
  expect(result.current.groups.completed.map((i) => i.id)).toEqual(['a']);
  await act(
    async () =>
      void (await result.current.createRoadmapItem({ title: 'Mid', status: 'planned', position_order: 2.5 })),
  );
  expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'n', 'c']);
  answer.PUT = () => {
    throw new Error('x');
  };
  await act(async () => void (await result.current.updateRoadmapItem('a', {})));
  expect(result.current.error).toBe('Failed to update roadmap item');
});

test('a failed fetch shows the server text, else the spec fallback', async () => {
  answer.GET = () => json({ error: 'Admins only' }, 403);
  const first = renderHook(() => useRoadmapAdmin(), { wrapper: withQueryClient().wrapper });
  await waitFor(() => expect(first.result.current.error).toBe('Admins only'));
  answer.GET = () => json({}, 500);
  const second = renderHook(() => useRoadmapAdmin(), { wrapper: withQueryClient().wrapper });
  await waitFor(() => expect(second.result.current.error).toBe('Failed to fetch roadmap'));
});
