import { Suspense, startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import type { RemoteName } from '@wayfarer/contracts';
import { findRoute } from '@wayfarer/contracts/browser';
import { useLocation } from '@wayfarer/router';
import { Loading } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../i18n';
import { resetRemote } from '../mf/remote-loader';
import { appOf, awaitedApp, generations, keyOf, readyApps, pageOnScreen } from './remote-apps';

export { warmRemote } from './remote-apps';
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

/** Marks that a remote's page has been on screen (see pageOnScreen). */
function PageShown() {
  useLayoutEffect(() => {
    pageOnScreen.shown = true;
  }, []);
  return null;
}

/**
 * Until the remote has loaded on a cold start: its loading state as ordinary content, and the App rendered in a
 * transition once the download settles. Suspending instead showed RemoteSuspense's fallback, and React holds back
 * the content of a boundary that has just shown its fallback until 300 ms after it (its retry throttle): the first
 * page of every cold load waited for that timer (explore's first paint of the map, 155 ms in a Lighthouse trace).
 */
function useColdStart(remote: RemoteName, pathname: string, search: string): boolean {
  const waiting = !pageOnScreen.shown && !readyApps.has(keyOf(remote));
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const key = keyOf(remote);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const settle = () => live && startTransition(() => setSettledKey(key));
    awaitedApp(remote, pathname, search).then(settle, settle);
    return () => {
      live = false;
    };
  }, [waiting, remote, pathname, search, key]);
  // A failed download renders the App too, which throws the failure into the remote's error boundary.
  return waiting && settledKey !== key;
}

/** Renders a remote's exposed App inside its error boundary (under RemoteSuspense). */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const { pathname, search } = useLocation();
  const [, rerender] = useState(0);
  const generation = generations.get(remote) ?? 0;
  const cold = useColdStart(remote, pathname, search);
  const App = cold ? null : appOf(remote, pathname, search);
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
      {App ? (
        <>
          <App basePath="/" />
          <PageShown />
        </>
      ) : (
        <RemoteLoading />
      )}
    </RemoteBoundary>
  );
}
