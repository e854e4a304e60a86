import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { QueryClientProvider } from '@wayfarer/query';
import { queryClient } from '@wayfarer/session';
import MarketingApp, { preloadRoute } from '../routes';

// The real route table and pages, the page's one shared QueryClient (as in the shell), the API answering from here.
let reads: string[];
const sight = {
  id: 's1',
  name: 'Belvedere',
  city: 'Vienna',
  country: 'Austria',
  lat: 48.19,
  lon: 16.38,
  img_preview: null,
  cover_image_url: null,
};
const news = {
  id: 'n1',
  title: 'Guides in six languages',
  summary: null,
  body: 'Every guide now speaks the listener’s language.',
  image_url: null,
  is_published: true,
  published_at: '2026-11-20T09:00:00Z',
  created_at: '2026-11-20T09:00:00Z',
};
beforeEach(() => {
  reads = [];
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = { apiUrl: 'http://api.test' };
  window.scrollTo = () => undefined;
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    reads.push(url.pathname);
    const body = url.pathname.startsWith('/news/')
      ? { ok: true, news }
      : url.pathname === '/news'
        ? { ok: true, news: [news] }
        : { ok: true, items: [sight] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
});
afterEach(() => queryClient.clear());

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <MarketingApp basePath="/" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a page's data is read with its code", () => {
  it('preloading / (before the first render, or on intent) reads the featured sights and the news; the page then reads nothing', async () => {
    await preloadRoute('/');
    // Asked before anything rendered.
    expect([...reads].sort()).toEqual(['/news', '/sights/featured']);
    await waitFor(() => expect(queryClient.getQueryState(['sights', 'featured', 6])?.status).toBe('success'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderAt('/');
    // The first render already has the cards and the news: no loading placeholders, no second read.
    expect(screen.getAllByTestId('featured-sight')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Belvedere' })).toBeTruthy();
    expect(screen.getByText('Guides in six languages')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(reads).toHaveLength(2);
  });

  it('preloading /news/:newsId reads that item; a page without data (/pricing) reads nothing', async () => {
    await preloadRoute('/news/n1');
    expect(reads).toEqual(['/news/n1']);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderAt('/news/n1');
    expect(await screen.findByRole('heading', { name: 'Guides in six languages' })).toBeTruthy();
    expect(reads).toEqual(['/news/n1']);
    reads = [];
    await preloadRoute('/pricing');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(reads).toEqual([]);
  });

  it('a read that failed ahead is tried again when the page mounts, and the page shows its data', async () => {
    const answer = globalThis.fetch;
    globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
      reads.push(new URL(String(input)).pathname);
      return new Response('{"error":"unavailable"}', { status: 503 });
    }) as unknown as typeof fetch;
    await preloadRoute('/news');
    await waitFor(() =>
      expect(queryClient.getQueryState(['news', 'published', 'list'])?.status).toBe('error'),
    );
    globalThis.fetch = answer;
    // (The API client itself tries a failed read again once.)
    const tried = reads.length;
    renderAt('/news');
    expect(await screen.findByText('Guides in six languages')).toBeTruthy();
    expect(reads.slice(tried)).toEqual(['/news']);
  });
});
