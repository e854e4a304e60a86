import { jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import { queryClient } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ExplorePage, prefetchExploreData } from '../explore-page';

/** The /sights/nearby reads made, as `lat,lon,km`. */
let nearby: string[] = [];
beforeEach(() => {
  nearby = [];
  queryClient.clear();
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const u = new URL(String(url), 'http://localhost');
    if (u.pathname.endsWith('/sights/nearby'))
      nearby.push(['lat', 'lon', 'km'].map((k) => u.searchParams.get(k)).join(','));
    const items = u.pathname.endsWith('/sights/nearby')
      ? [{ id: 'sight-1', name: 'Sainte-Chapelle', latitude: 48.8554, longitude: 2.345, category: 'church' }]
      : [];
    return new Response(JSON.stringify({ items }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
// The page's timers (its map start, the background ingest) run on the test's clock.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'performance'] }));
// The page's one client outlives a test: its queries (and their garbage-collection timers) go with it.
afterEach(() => {
  cleanup();
  queryClient.clear();
  jest.useRealTimers();
});
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

describe("the explore page's first data, read with its code", () => {
  it("reads the sights around the address's view, and the page then shows them without reading them again", async () => {
    const search = '?lat=48.8554&lon=2.345&km=3';
    prefetchExploreData({}, new URLSearchParams(search));
    await advance(0);
    expect(nearby).toEqual(['48.8554,2.345,3']);
    render(
      <MemoryRouter initialEntries={[`/explore${search}`]}>
        <Routes>
          <Route path="/explore" element={<ExplorePage />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: withQueryClient(queryClient).wrapper },
    );
    // Before the background ingest's re-read (INGEST_DELAY_MS after the ingest): the page's read was the prefetch.
    await advance(100);
    expect(screen.getByText('Sainte-Chapelle')).toBeTruthy();
    expect(nearby).toEqual(['48.8554,2.345,3']);
  });

  it('reads the default view for an address without a point, the view the page then writes into it', async () => {
    prefetchExploreData({}, new URLSearchParams(''));
    await advance(0);
    expect(nearby).toEqual(['48.8566,2.3522,5']);
  });
});
