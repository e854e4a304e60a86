import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazyPage } from '../lazy-page';
import {
  PREFETCH_EVENT,
  preloadMatchingPage,
  prefetchWhenVisible,
  usePrefetchIntent,
  usePrefetchOnIntent,
  type PageRoute,
} from '../prefetch';

/** A real lazy page whose loader (the `import()` of its chunk) is a mock. */
function page() {
  const load = jest.fn(async () => ({ Page: () => null }));
  return { load, page: lazyPage(load, 'Page') };
}

function setup() {
  const pricing = page();
  const newsItem = page();
  const routes: PageRoute[] = [
    { path: '/pricing', page: pricing.page },
    { path: '/news/:newsId', page: newsItem.page },
  ];
  function Links() {
    usePrefetchOnIntent(routes);
    return (
      <nav>
        <a href="/pricing?period=yearly">
          See <span>plans</span>
        </a>
        <a href="/news/42">A story</a>
        <a href="https://elsewhere.example/pricing">Elsewhere</a>
        <a href="/unknown">Unknown</a>
        <a href="/pricing" download>
          Download
        </a>
      </nav>
    );
  }
  const view = render(<Links />);
  return { pricing, newsItem, view };
}

function setSaveData(saveData: boolean | undefined) {
  Object.defineProperty(window.navigator, 'connection', {
    value: saveData === undefined ? undefined : { saveData },
    configurable: true,
  });
}

afterEach(() => setSaveData(undefined));

describe('prefetch on intent', () => {
  it('hovering a link to /pricing calls the pricing loader once, however often it is hovered', () => {
    const { pricing, newsItem } = setup();
    expect(pricing.load).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('plans'));
    fireEvent.pointerOver(screen.getByText('plans'));
    fireEvent.pointerOver(screen.getByRole('link', { name: 'See plans' }));
    expect(pricing.load).toHaveBeenCalledTimes(1);
    expect(newsItem.load).not.toHaveBeenCalled();
  });

  it('keyboard focus triggers it', () => {
    const { pricing } = setup();
    act(() => screen.getByRole('link', { name: 'See plans' }).focus());
    expect(pricing.load).toHaveBeenCalledTimes(1);
  });

  it('a touch triggers it, and route patterns with parameters match', () => {
    const { pricing, newsItem } = setup();
    fireEvent.touchStart(screen.getByRole('link', { name: 'A story' }));
    expect(newsItem.load).toHaveBeenCalledTimes(1);
    expect(pricing.load).not.toHaveBeenCalled();
  });

  it('ignores links to other origins, paths outside the table and downloads', () => {
    const { pricing, newsItem } = setup();
    for (const name of ['Elsewhere', 'Unknown', 'Download'])
      fireEvent.pointerOver(screen.getByRole('link', { name }));
    expect(pricing.load).not.toHaveBeenCalled();
    expect(newsItem.load).not.toHaveBeenCalled();
  });

  it('fetches nothing ahead on a save-data connection', () => {
    setSaveData(true);
    const { pricing } = setup();
    const link = screen.getByRole('link', { name: 'See plans' });
    fireEvent.pointerOver(link);
    act(() => link.focus());
    fireEvent.touchStart(link);
    expect(pricing.load).not.toHaveBeenCalled();
  });

  it('whenVisible: false leaves out links that only came into view', () => {
    const seen: string[] = [];
    function Listener() {
      usePrefetchIntent((url) => seen.push(url.pathname), { whenVisible: false });
      return <a href="/explore">Explore</a>;
    }
    render(<Listener />);
    const link = screen.getByRole('link', { name: 'Explore' });
    link.dispatchEvent(new CustomEvent(PREFETCH_EVENT, { bubbles: true }));
    expect(seen).toEqual([]);
    fireEvent.pointerOver(link);
    expect(seen).toEqual(['/explore']);
  });

  it('stops listening when unmounted', () => {
    const { pricing, view } = setup();
    const link = screen.getByRole('link', { name: 'See plans' });
    view.unmount();
    document.body.appendChild(link);
    fireEvent.pointerOver(link);
    expect(pricing.load).not.toHaveBeenCalled();
    link.remove();
  });
});

describe('prefetchWhenVisible', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  const observers: { callback: Callback; observed: Element[]; disconnected: boolean }[] = [];
  const original = globalThis.IntersectionObserver;

  beforeEach(() => {
    observers.length = 0;
    globalThis.IntersectionObserver = class {
      record: { callback: Callback; observed: Element[]; disconnected: boolean };
      constructor(callback: Callback) {
        this.record = { callback, observed: [], disconnected: false };
        observers.push(this.record);
      }
      observe(el: Element) {
        this.record.observed.push(el);
      }
      unobserve() {}
      disconnect() {
        this.record.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  function Cta() {
    usePrefetchOnIntent([{ path: '/pricing', page: pricing.page }]);
    return (
      <a href="/pricing" ref={prefetchWhenVisible}>
        See plans
      </a>
    );
  }
  let pricing = page();
  beforeEach(() => {
    pricing = page();
  });

  it('prefetches a marked link once it has entered the viewport, once', async () => {
    render(<Cta />);
    expect(observers).toHaveLength(1);
    expect(observers[0].observed).toEqual([screen.getByRole('link', { name: 'See plans' })]);
    act(() => observers[0].callback([{ isIntersecting: false }]));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(pricing.load).not.toHaveBeenCalled();
    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(observers[0].disconnected).toBe(true);
    await waitFor(() => expect(pricing.load).toHaveBeenCalledTimes(1));
  });

  it('stops observing when the link goes away', () => {
    const { unmount } = render(<Cta />);
    unmount();
    expect(observers[0].disconnected).toBe(true);
  });

  it('fetches nothing ahead for a marked link on a save-data connection', async () => {
    setSaveData(true);
    render(<Cta />);
    act(() => observers[0].callback([{ isIntersecting: true }]));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(pricing.load).not.toHaveBeenCalled();
  });
});

describe('preloadMatchingPage', () => {
  it("preloads the page of the path with the path's :name values, and nothing for a path outside the table", async () => {
    const seen: Record<string, string>[] = [];
    const item = {
      preload: jest.fn(async (params?: Readonly<Record<string, string>>) => void seen.push({ ...params })),
    };
    const other = { preload: jest.fn(async () => undefined) };
    const routes: PageRoute[] = [
      { path: '/news', page: other },
      { path: '/news/:newsId', page: item },
    ];
    await preloadMatchingPage(routes, '/news/hello%20world');
    expect(seen).toEqual([{ newsId: 'hello world' }]);
    expect(other.preload).not.toHaveBeenCalled();
    await expect(preloadMatchingPage(routes, '/elsewhere')).resolves.toBeUndefined();
    expect(item.preload).toHaveBeenCalledTimes(1);
  });

  it('an address with a malformed escape preloads its page with the raw segment, as the router matches it', async () => {
    const seen: Record<string, string>[] = [];
    const item = {
      preload: jest.fn(async (params?: Readonly<Record<string, string>>) => void seen.push({ ...params })),
    };
    await expect(
      preloadMatchingPage([{ path: '/news/:newsId', page: item }], '/news/%E0'),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([{ newsId: '%E0' }]);
  });
});
