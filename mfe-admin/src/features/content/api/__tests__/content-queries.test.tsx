import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { signInForTests } from '../../../../testing/session';
import type { AdminSight } from '@wayfarer/contracts';
import { dashboardKeys, normalizeStats } from '../../../dashboard';
import { useMergeSights, useSetSightHidden } from '../content-queries';
import { contentKeys } from '../keys';

const sight = (id: string, over: Partial<AdminSight> = {}) =>
  ({
    id,
    name: id,
    hidden: false,
    merged_into: null,
    comments_count: 0,
    images_count: 0,
    stations_count: 0,
    ...over,
  }) as AdminSight;

beforeEach(() => {
  signInForTests();
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const path = new URL(String(input)).pathname;
    if (path === '/admin/sights/a/hide')
      return new Response(JSON.stringify({ ok: true, sight: sight('a', { hidden: true }), message: 'ok' }));
    if (path === '/admin/sights/merge')
      return new Response(
        JSON.stringify({
          ok: true,
          sight: sight('a', { comments_count: 3 }),
          merged: ['b'],
          moved: { comments: 3, images: 0, stations: 0, guides: 0 },
          message: 'ok',
        }),
      );
    if (path === '/admin/sights/a')
      return new Response(
        JSON.stringify({ ok: true, sight: sight('a', { comments_count: 3 }), stations: [] }),
      );
    return new Response('{"error":"unexpected"}', { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

type Search = { items: AdminSight[]; total: number };

test('hiding a sight updates the editor and every result list, and invalidates the dashboard stats', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(contentKeys.search('pan'), { items: [sight('a'), sight('b')], total: 2 });
  client.setQueryData(contentKeys.sight('a'), { sight: sight('a'), stations: [] });
  client.setQueryData(dashboardKeys.stats(), normalizeStats({}));
  const { result } = renderHook(() => useSetSightHidden(), { wrapper });
  await act(async () => void (await result.current.mutateAsync({ id: 'a', hidden: true })));
  expect(client.getQueryData<Search>(contentKeys.search('pan'))!.items.map((s) => s.hidden)).toEqual([
    true,
    false,
  ]);
  expect(client.getQueryData<{ sight: AdminSight }>(contentKeys.sight('a'))!.sight.hidden).toBe(true);
  expect(client.getQueryState(dashboardKeys.stats())!.isInvalidated).toBe(true);
});

test('a merge drops the merged sights from the results and resets the kept one’s editor data', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(contentKeys.search('pan'), { items: [sight('a'), sight('b')], total: 2 });
  client.setQueryData(contentKeys.sight('a'), { sight: sight('a'), stations: [] });
  client.setQueryData(contentKeys.sight('b'), { sight: sight('b'), stations: [] });
  const { result } = renderHook(() => useMergeSights(), { wrapper });
  await act(async () => void (await result.current.mutateAsync({ keepId: 'a', mergeIds: ['b'] })));
  expect(
    client.getQueryData<Search>(contentKeys.search('pan'))!.items.map((s) => [s.id, s.comments_count]),
  ).toEqual([['a', 3]]);
  expect(client.getQueryData(contentKeys.sight('b'))).toBeUndefined();
  // Nothing shows the kept sight, so its data is simply gone until the editor reads it again.
  expect(client.getQueryData(contentKeys.sight('a'))).toBeUndefined();
});
