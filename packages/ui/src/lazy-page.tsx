import {
  Fragment,
  Suspense,
  createElement,
  lazy,
  useLayoutEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import { dismissFirstScreen } from '@wayfarer/contracts/browser';
import { Loading } from './components';
import { useCommonText } from './common-text';
import { trackPending } from './pending';

/** A route's page whose code is downloaded on first render or on `preload()`, whichever comes first. */
export interface LazyPage<P = object> {
  (props: P): ReactNode;
  displayName?: string;
  /**
   * Starts downloading the page's code once, then (a page with a data export) the reads of the data it shows
   * first, with the route's `:name` values and the address's query; resolves when the code is ready or has failed (never rejects). The
   * data is not waited for: the page renders with what has arrived, its own queries sharing the same reads.
   */
  preload(params?: PageParams, search?: string): Promise<void>;
}

/** The values of a route's `:name` parts (`/news/:newsId` at `/news/42`: `{ newsId: '42' }`). */
export type PageParams = Readonly<Record<string, string>>;

/**
 * A page module's export that starts the reads of the data the page shows first (TanStack Query prefetches into
 * the shared client, which ignore data still fresh): called when the page is preloaded (on intent, and before a
 * remote's first render), so the requests go out with the page's code instead of after its first render.
 */
export type PageDataPrefetch = (params: PageParams, search: URLSearchParams) => void;

/** The props of a component export (`object` for a page without props); `never` for anything else. */
export type PageProps<C> = C extends ComponentType<infer P> ? (unknown extends P ? object : P) : never;

/** The names of a module's exports that are page data prefetches. */
type DataExport<M> = { [D in keyof M]: M[D] extends PageDataPrefetch ? D : never }[keyof M] & string;

/**
 * `React.lazy` for a named page export, with `preload()` for prefetching. A failed download that a render was
 * waiting for stays failed for that render (the error, a ChunkLoadError, goes to the shell's remote boundary,
 * whose Retry loads the remote afresh); a failed prefetch nobody rendered is forgotten, so the page's first
 * render downloads it again.
 */
export function lazyPage<M, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
  options: { data?: DataExport<M> } = {},
): LazyPage<PageProps<M[K]>> {
  type P = PageProps<M[K]>;
  let ready: ComponentType<P> | null = null;
  let loaded: M | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (pending ??= load().then(
      (mod) => {
        loaded = mod;
        ready = mod[exportName] as ComponentType<P>;
        return { default: ready };
      },
      (err: unknown) => {
        // Not a new React.lazy: a rendered page that failed keeps throwing the same error instead of
        // re-rendering into a new download (a loop while the chunk keeps failing).
        pending = null;
        throw err;
      },
    ));
  // Rendered before its code arrived: a wait the visitor sees (the previous page stays up meanwhile).
  const Lazy = lazy(() => trackPending(start()));
  // Once loaded (e.g. prefetched on hover), the page renders at once: no fallback flash. Its first commit takes the
  // route's first screen away (FirstScreenDone, a sibling: it commits only with the page, not with a fallback).
  const Page = (props: P) =>
    createElement(
      Fragment,
      null,
      createElement((ready ?? Lazy) as ComponentType<P>, props),
      createElement(FirstScreenDone),
    );
  Page.displayName = `LazyPage(${exportName})`;
  Page.preload = (params: PageParams = {}, search = '') =>
    start().then(
      () => {
        const prefetch = options.data && loaded ? (loaded[options.data] as PageDataPrefetch) : null;
        try {
          prefetch?.(params, new URLSearchParams(search));
        } catch (err) {
          // A prefetch is a head start only: the page's own queries read (and report) the data all the same.
          console.warn(`[${exportName}] could not start reading its data ahead`, err);
        }
      },
      () => undefined,
    );
  return Page;
}

/**
 * Removes the route's first screen (contracts' first-screen.ts) in the commit that shows the page: before the
 * browser paints, so the page replaces it in one frame (the explore preview's tiles come from the cache).
 */
function FirstScreenDone() {
  useLayoutEffect(dismissFirstScreen, []);
  return null;
}

/** The loading state while a page's code downloads: the same centred status as the shell's remote loading. */
export function PageLoading({ message }: { message?: string }) {
  const t = useCommonText();
  return (
    <div data-testid="page-loading">
      <Loading message={message ?? t('loading_page')} />
    </div>
  );
}

/**
 * One boundary around a remote's routes. Navigations are transitions, so after the first page the previous page
 * stays on screen until the next one's code has arrived; only a cold start shows the fallback. Load errors go
 * up to the shell's remote boundary (ChunkLoadError with Retry).
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
