import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteAppModule, RemoteName, RemoteProps } from '@wayfarer/contracts';
import { trackPending } from '@wayfarer/ui';
import { getRemoteMap, loadRemoteApp } from '../mf/remote-loader';
import { settleFirstScreenSource } from '../mf/first-screen-wait';
import { yieldToMain } from './yield-to-main';

/** Each remote's retry generation: Retry moves to a new one, whose load downloads the remote again. */
export const generations = new Map<RemoteName, number>();
const loads = new Map<string, Promise<RemoteAppModule>>();
/** The Apps whose load has resolved, by remote and generation: rendered at once, without suspending. */
export const readyApps = new Map<string, RemoteAppModule>();
/**
 * Whether a remote's page has been on screen in this document. Until then nothing is there for React to keep, so
 * the first remote is awaited in place (its loading state is ordinary content) rather than suspended on.
 */
export const pageOnScreen = { shown: false };

export const keyOf = (remote: RemoteName) => `${remote}:${generations.get(remote) ?? 0}`;

/** The remote's App once the page of `pathname` is ready too: one download per remote and generation. */
function loadApp(remote: RemoteName, pathname: string, search: string): Promise<RemoteAppModule> {
  const key = keyOf(remote);
  let load = loads.get(key);
  if (!load) {
    load = loadRemoteApp(remote).then(async (mod) => {
      settleFirstScreenSource(remote, getRemoteMap()?.[remote]);
      await mod.preloadRoute?.(pathname, search);
      // The page's render in a task of its own: the chunks' evaluation (and the reads their pages start) ran in
      // the task of the last chunk's arrival, and the render, commit and layout of the page all joined it (one
      // task of 50 ms on a phone profile, most of the first load's blocking time).
      await yieldToMain();
      readyApps.set(key, mod);
      return mod;
    });
    loads.set(key, load);
  }
  return load;
}

const shownAsPending = new Set<string>();

/** loadApp for a screen that waits for it: reported once as a pending download (the navigation progress bar). */
export function awaitedApp(remote: RemoteName, pathname: string, search: string): Promise<RemoteAppModule> {
  const load = loadApp(remote, pathname, search);
  const key = keyOf(remote);
  if (!shownAsPending.has(key)) {
    shownAsPending.add(key);
    trackPending(load);
  }
  return load;
}

/**
 * Starts downloading a remote's App and the page of `pathname` before anything renders it (the shell does this
 * during the session check of a guarded page); the render then waits for the same download, or shows its failure.
 */
export function warmRemote(remote: RemoteName, pathname: string, search = ''): void {
  void loadApp(remote, pathname, search).catch(() => undefined);
}

const apps = new Map<string, LazyExoticComponent<ComponentType<RemoteProps>>>();

/**
 * A remote's exposed App, ready only once the page of `pathname` is too (the remote's `preloadRoute`), so the
 * remote's first render shows the page instead of its own loading state. Once a render has suspended on it, the
 * one lazy component of its remote and generation, kept outside React (React throws away the state of a component
 * whose first mount suspended); an App that had loaded before any render needed it, the App itself. Either stays
 * the component of its remote and generation, so a later render never remounts the page.
 */
export function appOf(remote: RemoteName, pathname: string, search: string): ComponentType<RemoteProps> {
  const key = keyOf(remote);
  const app = apps.get(key) ?? readyApps.get(key)?.default;
  if (app) return app;
  const created = lazy(() => awaitedApp(remote, pathname, search));
  apps.set(key, created);
  return created;
}
