import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { PUBLIC_DATA_KEYS, PUBLIC_DATA_STALE_MS } from '@wayfarer/contracts/browser';
import { withQueryClient } from '@wayfarer/session/testing';
import { usePublishedNews } from '../../../news';
import { useFeaturedSights } from '../featured-sights-queries';

let reads: string[];
beforeEach(() => {
  reads = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    reads.push(url.pathname);
    const sight = {
      id: 's1',
      name: 'Belvedere',
      lat: 48.19,
      lon: 16.38,
      img_preview: null,
      cover_image_url: null,
    };
    const body = url.pathname.endsWith('/news') ? { ok: true, news: [] } : { ok: true, items: [sight] };
    return new Response(JSON.stringify(body), { status: 200 });
  }) as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

/** The home page's two public lists, mounted, unmounted (the visitor leaves) and mounted again (comes back). */
function visitHomeTwice() {
  const q = withQueryClient();
  const mount = () =>
    renderHook(() => [usePublishedNews(), useFeaturedSights(6)] as const, { wrapper: q.wrapper });
  return { q, mount };
}

describe('the public lists a visitor goes back to', () => {
  it('are read once, not again when the visitor comes back within PUBLIC_DATA_STALE_MS', async () => {
    const { mount } = visitHomeTwice();
    const first = mount();
    await waitFor(() => expect(first.result.current.every((r) => r.isSuccess)).toBe(true));
    expect(reads).toHaveLength(2);
    first.unmount();
    const again = mount();
    expect(again.result.current.every((r) => r.isSuccess && !r.isFetching)).toBe(true);
    expect(reads).toHaveLength(2);
  });

  it('are read again once stale, and the news at once after the admin marked it stale', async () => {
    const { q, mount } = visitHomeTwice();
    const first = mount();
    await waitFor(() => expect(first.result.current.every((r) => r.isSuccess)).toBe(true));
    first.unmount();
    await act(() => q.client.invalidateQueries({ queryKey: PUBLIC_DATA_KEYS.news }));
    const again = mount();
    await waitFor(() => expect(again.result.current[0].isFetching).toBe(false));
    expect(reads.filter((p) => p.endsWith('/news'))).toHaveLength(2);
    expect(reads.filter((p) => p.includes('featured'))).toHaveLength(1);
    again.unmount();
    const dataAt = q.client.getQueryState(['sights', 'featured', 6])!.dataUpdatedAt;
    jest.spyOn(Date, 'now').mockReturnValue(dataAt + PUBLIC_DATA_STALE_MS + 1);
    const later = mount();
    await waitFor(() => expect(reads.filter((p) => p.includes('featured'))).toHaveLength(2));
    later.unmount();
    jest.restoreAllMocks();
  });
});
