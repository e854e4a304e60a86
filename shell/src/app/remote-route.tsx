import {
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { RemoteAppModule, RemoteName, RemoteProps } from '@wayfarer/contracts';
import { findRoute } from '@wayfarer/contracts/browser';
import { useLocation } from '@wayfarer/router';
import { Loading, trackPending } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../i18n';
import { loadRemoteApp, resetRemote } from '../mf/remote-loader';
import { LABELS, RemoteBoundary } from './remote-boundary';

/** The cold-start loading state: the remote of the current route is downloading. */
function RemoteLoading() {
  const { t } = useTranslation(SHELL_NS);
  const remote = findRoute(useLocation().pathname)?.remote;
  return (
    <div data-testid="remote-loading">
      <Loading
        message={remote ? t('remote.loading', { name: t(LABELS[remote]) }) : t('remote.loadingPage')}
      />
    </div>
  );
}

/**
 * The one Suspense boundary above every remote route, mounted once for the shell's life. Navigations are
 * transitions (react-router's BrowserRouter), and React keeps an already visible boundary's content during a
 * transition: switching to another remote leaves the current page on screen until the next remote and its page
 * have arrived (the navigation progress bar shows meanwhile), instead of a loading screen whose content React
 * then holds back for at least 300 ms (its fallback throttle). Only the first load shows the fallback.
 */
export function RemoteSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RemoteLoading />}>{children}</Suspense>;
}

/** Each remote's retry generation: Retry moves to a new one, whose lazy component downloads the remote again. */
const generations = new Map<RemoteName, number>();
const apps = new Map<string, LazyExoticComponent<ComponentType<RemoteProps>>>();
const loads = new Map<string, Promise<RemoteAppModule>>();

const keyOf = (remote: RemoteName) => `${remote}:${generations.get(remote) ?? 0}`;

/** The remote's App once the page of `pathname` is ready too: one download per remote and generation. */
function loadApp(remote: RemoteName, pathname: string): Promise<RemoteAppModule> {
  const key = keyOf(remote);
  let load = loads.get(key);
  if (!load) {
    load = loadRemoteApp(remote).then(async (mod) => {
      await mod.preloadRoute?.(pathname);
      return mod;
    });
    loads.set(key, load);
  }
  return load;
}

/**
 * The lazy component of a remote's App, one per remote and generation, kept outside React: RemoteRoute mounts
 * under the shell-wide RemoteSuspense, and React throws away the state of a component whose first mount
 * suspended, so a lazy held in useMemo would be created (and its download started) anew on every retry. Ready
 * only once the page of `pathname` is too (the remote's `preloadRoute`), so the remote's first render shows the
 * page instead of its own loading state.
 */
function remoteApp(remote: RemoteName, pathname: string): LazyExoticComponent<ComponentType<RemoteProps>> {
  const key = keyOf(remote);
  let app = apps.get(key);
  if (!app) {
    app = lazy(() => trackPending(loadApp(remote, pathname)));
    apps.set(key, app);
  }
  return app;
}

/**
 * Starts downloading a remote's App and the page of `pathname` before anything renders it (the shell does this
 * during the session check of a guarded page); the render then waits for the same download, or shows its failure.
 */
export function warmRemote(remote: RemoteName, pathname: string): void {
  void loadApp(remote, pathname).catch(() => undefined);
}

/** Renders a remote's exposed App inside its error boundary (under RemoteSuspense). */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const [, rerender] = useState(0);
  const generation = generations.get(remote) ?? 0;
  const App = remoteApp(remote, pathname);
  return (
    <RemoteBoundary
      key={`${remote}:${generation}`}
      remote={remote}
      onRetry={() => {
        resetRemote(remote);
        generations.set(remote, generation + 1);
        rerender((n) => n + 1);
      }}
    >
      <App basePath="/" />
    </RemoteBoundary>
  );
}
