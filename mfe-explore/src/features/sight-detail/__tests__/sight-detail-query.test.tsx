import { jest } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { withQueryClient } from '@wayfarer/session/testing';
import { DETAIL_ERROR, useSightDetail } from '../api/sight-detail-query';

const sight = (id: string, name = 'Eiffel Tower') => ({
  id,
  name,
  latitude: 48.8584,
  longitude: 2.2945,
  rating_avg: 4,
  ratings_count: 2,
  images: [],
});

/** The detail route: each sight's answer waits until the test releases it. */
let pending: Map<string, (status: number, body: unknown) => void>;
beforeEach(() => {
  pending = new Map();
  globalThis.fetch = jest.fn(
    (url: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        const id = String(url).split('/sights/detail/')[1]!;
        pending.set(id, (status, body) => resolve(new Response(JSON.stringify(body), { status })));
      }),
  ) as typeof fetch;
});
const answer = async (id: string, status: number, body: unknown) => {
  await waitFor(() => expect(pending.has(id)).toBe(true));
  const send = pending.get(id)!;
  pending.delete(id);
  send(status, body);
};

describe('the sight detail query (spec point 3)', () => {
  it('loads, then shows the sight and its stations; opened again it keeps them while updating; a 404 is not found', async () => {
    const { wrapper } = withQueryClient();
    const view = renderHook(({ id }) => useSightDetail(id), { wrapper, initialProps: { id: 's1' } });
    expect(view.result.current).toMatchObject({ loading: true, error: null, sight: null });
    await answer('s1', 200, { sight: sight('s1'), stations: [{ id: 'st1' }] });
    await waitFor(() =>
      expect(view.result.current).toMatchObject({
        loading: false,
        sight: sight('s1'),
        stations: [{ id: 'st1' }],
      }),
    );
    view.unmount();

    const again = renderHook(({ id }) => useSightDetail(id), { wrapper, initialProps: { id: 's1' } });
    expect(again.result.current).toMatchObject({ loading: false, updating: true, sight: sight('s1') });
    again.rerender({ id: 's2' });
    await answer('s2', 404, { error: 'Sight not found' });
    await waitFor(() =>
      expect(again.result.current).toMatchObject({
        loading: false,
        error: DETAIL_ERROR,
        notFound: true,
        sight: null,
      }),
    );
  });

  it('ignores results for an id that is no longer selected', async () => {
    const { wrapper } = withQueryClient();
    const view = renderHook(({ id }) => useSightDetail(id), { wrapper, initialProps: { id: 'a' } });
    await waitFor(() => expect(pending.has('a')).toBe(true));
    view.rerender({ id: 'b' });
    await answer('a', 200, { sight: sight('a', 'Old answer'), stations: [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(view.result.current.sight).toBeNull();
    await answer('b', 200, { sight: sight('b', 'New answer'), stations: [] });
    await waitFor(() => expect(view.result.current.sight?.name).toBe('New answer'));
  });

  it('maps a 404 to not-found, without asking again', async () => {
    const { wrapper } = withQueryClient();
    const view = renderHook(() => useSightDetail('zz'), { wrapper });
    await answer('zz', 404, { error: 'Sight not found' });
    await waitFor(() =>
      expect(view.result.current).toMatchObject({ error: DETAIL_ERROR, notFound: true, loading: false }),
    );
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });
});
