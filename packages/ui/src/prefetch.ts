import { useEffect, useRef } from 'react';
import { matchRoutePath } from '@wayfarer/contracts/routes';

/** Dispatched (bubbling) on a link marked with `prefetchWhenVisible` once it has been in the viewport. */
export const PREFETCH_EVENT = 'wf:prefetch';

// pointerover rather than pointerenter: it bubbles, so one listener on the document sees every link.
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', PREFETCH_EVENT] as const;

interface NetworkInformationLike {
  saveData?: boolean;
}

/** False when the visitor asked to save data (Save-Data / Lite mode): then nothing is fetched ahead. */
export function canPrefetch(): boolean {
  const connection = (
    globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined
  )?.connection;
  return connection?.saveData !== true;
}

/** The same-origin URL of the link an event happened on, if any. */
function linkUrl(target: EventTarget | null): URL | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  const url = new URL(link.href, document.baseURI);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Calls `onIntent` when the visitor is about to follow a link: pointer over it, keyboard focus on it, a touch on
 * it, or (for links marked with `prefetchWhenVisible`, unless `whenVisible` is false) the link scrolled into view.
 * Event delegation on the document, so links rendered by anyone (shell, remotes) count. Nothing happens on a
 * save-data connection.
 */
export function usePrefetchIntent(
  onIntent: (url: URL) => void,
  { whenVisible = true }: { whenVisible?: boolean } = {},
): void {
  const latest = useRef(onIntent);
  useEffect(() => {
    latest.current = onIntent;
  });
  useEffect(() => {
    const handle = (e: Event) => {
      if (!canPrefetch() || (e.type === PREFETCH_EVENT && !whenVisible)) return;
      const url = linkUrl(e.target);
      if (url) latest.current(url);
    };
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, handle, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, handle, { capture: true });
    };
  }, [whenVisible]);
}

/** A path pattern of a remote's own route table and the page that renders it. */
export interface PageRoute {
  path: string;
  page: { preload(params?: Readonly<Record<string, string>>, search?: string): Promise<void> };
}

/**
 * Starts downloading the page that renders `pathname`, if the table has one (each page at most once), then the
 * reads of the data it shows first (a page with a data export, given the path's `:name` values and the query
 * `search`); resolves when
 * the code is ready or has failed (never rejects).
 */
export function preloadMatchingPage(
  routes: readonly PageRoute[],
  pathname: string,
  search = '',
): Promise<void> {
  for (const route of routes) {
    const params = matchRoutePath(route.path, pathname);
    if (params !== null) return route.page.preload(params, search);
  }
  return Promise.resolve();
}

/** Prefetches this remote's pages on intent, matching link paths against the remote's own route table. */
export function usePrefetchOnIntent(routes: readonly PageRoute[]): void {
  usePrefetchIntent((url) => void preloadMatchingPage(routes, url.pathname, url.search));
}

/** After the page's load event, at an idle moment: a prefetch must not compete with the page being shown. */
function whenIdle(fn: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 2000 });
    else setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Ref callback marking a link for prefetch when it enters the viewport (for the few links that are the likely
 * next step, such as a page's call to action): `<Link ref={prefetchWhenVisible} to="/pricing">`. Once visible,
 * the link receives one PREFETCH_EVENT at the next idle moment, handled like hover.
 */
export function prefetchWhenVisible(el: Element | null): (() => void) | undefined {
  if (!el || typeof IntersectionObserver === 'undefined') return undefined;
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      whenIdle(() => {
        if (el.isConnected) el.dispatchEvent(new CustomEvent(PREFETCH_EVENT, { bubbles: true }));
      });
    },
    { rootMargin: '200px' },
  );
  io.observe(el);
  return () => io.disconnect();
}
