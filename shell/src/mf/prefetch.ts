import { useLocation } from '@wayfarer/router';
import { findRoute, type RemoteName } from '@wayfarer/contracts/browser';
import { useUserState } from '@wayfarer/session';
import { canPrefetch, usePrefetchIntent } from '@wayfarer/ui';
// Spelled like remote-route's import: the bench's monolith build swaps every `…mf/remote-loader` request for its
// static loader (bench/bundle.ts), which a './remote-loader' request would escape.
import { loadRemoteApp, resetRemote } from '../mf/remote-loader';

/** What a remote's ./App may export besides its component: a way to fetch one route's page ahead. */
interface PrefetchableApp {
  preloadRoute?: (pathname: string, search?: string) => void;
}

export interface PrefetchContext {
  /** The remote on screen: it prefetches its own pages (its App listens for intent itself). */
  currentRemote: RemoteName | undefined;
  signedIn: boolean;
}

export interface RemotePrefetcher {
  prefetch(pathname: string, ctx: PrefetchContext, search?: string): void;
}

/**
 * Fetches another remote ahead of a navigation: its manifest, entry and ./App (through the same loader as the
 * route, so time-outs and the Module Federation cache are shared), then asks it for the page of the link. Each
 * remote is loaded at most once; a failure is forgotten by the runtime (the route itself retries) and not
 * retried here.
 */
export function createRemotePrefetcher(
  load: (remote: RemoteName) => Promise<unknown>,
  reset: (remote: RemoteName) => void,
): RemotePrefetcher {
  const started = new Map<RemoteName, Promise<PrefetchableApp | null>>();
  return {
    prefetch(pathname, { currentRemote, signedIn }, search = '') {
      if (!canPrefetch()) return;
      let route = findRoute(pathname);
      let query = search;
      // A signed-out visitor following a guarded link lands on the sign-in page.
      if (route?.access === 'signed-in' && !signedIn) {
        pathname = '/login';
        query = '';
        route = findRoute(pathname);
      }
      if (!route || route.remote === currentRemote) return;
      const remote = route.remote;
      let app = started.get(remote);
      if (!app) {
        app = load(remote).then(
          (mod) => mod as PrefetchableApp,
          () => {
            reset(remote);
            return null;
          },
        );
        started.set(remote, app);
      }
      const target = pathname;
      void app.then((mod) => mod?.preloadRoute?.(target, query)).catch(() => undefined);
    },
  };
}

const shellPrefetcher = createRemotePrefetcher(loadRemoteApp, resetRemote);

/**
 * Prefetches the remote behind a link the visitor hovers, focuses or touches. A link merely scrolled into view
 * does not fetch another remote: on the home page that cost every visitor the account remote (about 40 KiB
 * gzip, its entry and runtime included) on a weak signal; the remote on screen still prefetches its own marked
 * pages.
 */
export function useRemotePrefetch(prefetcher: RemotePrefetcher = shellPrefetcher): void {
  const { pathname } = useLocation();
  const { user } = useUserState();
  const currentRemote = findRoute(pathname)?.remote;
  const signedIn = user !== null;
  usePrefetchIntent((url) => prefetcher.prefetch(url.pathname, { currentRemote, signedIn }, url.search), {
    whenVisible: false,
  });
}

/** Mount once inside the shell's router. */
export function RemotePrefetch({ prefetcher }: { prefetcher?: RemotePrefetcher }): null {
  useRemotePrefetch(prefetcher);
  return null;
}
