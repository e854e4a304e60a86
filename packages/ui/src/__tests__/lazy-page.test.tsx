import { jest } from '@jest/globals';
import { Component, type ComponentType, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { FIRST_SCREEN_GLOBAL, FIRST_SCREEN_ID } from '@wayfarer/contracts/browser';
import { PageSuspense, lazyPage } from '../lazy-page';

type PageModule = { Page: ComponentType };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const ready: PageModule = { Page: () => <h1>Pricing</h1> };

/** A remote's routes as it renders them: the lazy page inside its PageSuspense. */
const renderPage = (Page: ComponentType) =>
  render(
    <PageSuspense>
      <Page />
    </PageSuspense>,
  );

/** Stands in for the shell's remote boundary: shows the error's name and remounts its children on Retry. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.name}</p> : this.props.children;
  }
}

describe('lazyPage', () => {
  it('downloads nothing until the page renders or is preloaded', () => {
    const load = jest.fn(async () => ready);
    lazyPage(load, 'Page');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows an accessible loading status while the code downloads, then the page in its place', async () => {
    const d = deferred<PageModule>();
    const Page = lazyPage(() => d.promise, 'Page');
    renderPage(Page);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Loading page…');
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(async () => d.resolve(ready));
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("takes the route's first screen away in the commit that shows the page, not while its code downloads", async () => {
    const overlay = document.createElement('div');
    overlay.id = FIRST_SCREEN_ID;
    document.body.appendChild(overlay);
    (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL] = { root: overlay };
    const d = deferred<PageModule>();
    const Page = lazyPage(() => d.promise, 'Page');
    renderPage(Page);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBe(overlay);
    await act(async () => d.resolve(ready));
    expect(screen.getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect((window as unknown as Record<string, { done?: boolean }>)[FIRST_SCREEN_GLOBAL]?.done).toBe(true);
    delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_GLOBAL];
  });

  it('preload() downloads once however often it is called, and the preloaded page renders without a fallback', async () => {
    const load = jest.fn(async () => ready);
    const Page = lazyPage(load, 'Page');
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    renderPage(Page);
    // Synchronously: no loading status in between.
    expect(screen.getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes props through to the page', async () => {
    const Page = lazyPage(
      async () => ({ Greeting: ({ name }: { name: string }) => <h1>Hello {name}</h1> }),
      'Greeting',
    );
    await Page.preload();
    render(<Page name="Ada" />);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
  });

  it('a chunk that fails to load reaches the error boundary once, without downloading again in a loop', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const chunkError = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
      const load = jest
        .fn<() => Promise<PageModule>>()
        .mockRejectedValueOnce(chunkError)
        .mockResolvedValue(ready);
      const Page = lazyPage(load, 'Page');
      render(
        <Boundary>
          <PageSuspense>
            <Page />
          </PageSuspense>
        </Boundary>,
      );
      expect((await screen.findByRole('alert')).textContent).toBe('ChunkLoadError');
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(load).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('heading', { name: 'Pricing' })).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });

  it('a failed preload is forgotten: rendering the page downloads it again', async () => {
    const load = jest
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(ready);
    const Page = lazyPage(load, 'Page');
    await expect(Page.preload()).resolves.toBeUndefined();
    renderPage(Page);
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("preload(params) starts the page's data export with the route's values once its code is there", async () => {
    const reads: string[] = [];
    const d = deferred<{
      Item: ComponentType;
      prefetchItem: (p: Readonly<Record<string, string>>) => void;
    }>();
    const Page = lazyPage(() => d.promise, 'Item', { data: 'prefetchItem' });
    const preloaded = Page.preload({ newsId: '42' });
    // The code has not arrived: nothing to call yet.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(reads).toEqual([]);
    d.resolve({ Item: () => <h1>Item</h1>, prefetchItem: ({ newsId }) => reads.push(`news ${newsId}`) });
    await expect(preloaded).resolves.toBeUndefined();
    expect(reads).toEqual(['news 42']);
    // Each preload asks again (the prefetch itself skips data still fresh); rendering does not ask.
    await Page.preload({ newsId: '7' });
    renderPage(Page);
    expect(screen.getByRole('heading', { name: 'Item' })).toBeTruthy();
    expect(reads).toEqual(['news 42', 'news 7']);
  });

  it("gives the data export the address's query, for a page whose first data depends on it", async () => {
    const views: string[] = [];
    const Page = lazyPage(
      async () => ({
        Map: () => <h1>Map</h1>,
        prefetchMap: (_p: Readonly<Record<string, string>>, search: URLSearchParams) =>
          void views.push(`${search.get('lat')},${search.get('lon')}`),
      }),
      'Map',
      { data: 'prefetchMap' },
    );
    await Page.preload({}, '?lat=48.85&lon=2.35');
    await Page.preload();
    expect(views).toEqual(['48.85,2.35', 'null,null']);
  });

  it('a data export that throws leaves the preload resolved and the page renderable', async () => {
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const Page = lazyPage(
        async () => ({
          Page: () => <h1>Pricing</h1>,
          prefetchPage: () => {
            throw new Error('no client');
          },
        }),
        'Page',
        { data: 'prefetchPage' },
      );
      await expect(Page.preload()).resolves.toBeUndefined();
      expect(quiet).toHaveBeenCalledTimes(1);
      renderPage(Page);
      expect(screen.getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });
});
