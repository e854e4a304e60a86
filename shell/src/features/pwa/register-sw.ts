import { Workbox } from 'workbox-window';
import { PRECACHE_REMOTES, REMOTE_NAMES, type PrecacheRemotesMessage } from '@wayfarer/contracts/browser';
import { remoteMapReady } from '../../mf/remote-loader';
import { remoteVersion } from '../../mf/remote-map';
import { announceUpdate } from './update-store';

/** How often an open tab asks whether a new version of the app was deployed (and whenever it is shown again). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the shell's service worker (loaded lazily after the page's load event, production builds
 * only), looks for a new version while the tab is open, announces a waiting one to the prompt instead of swapping
 * it under an open tab, and asks the worker to precache the remote builds this page's remote map names.
 */
export async function registerServiceWorker(): Promise<void> {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () =>
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
  await wb.register();
  // A tab can stay open for days: it looks for a new worker (a redeploy) now and then, not only on a navigation.
  const check = () => void wb.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  const map = await remoteMapReady();
  const message: PrecacheRemotesMessage = {
    type: PRECACHE_REMOTES,
    remotes: REMOTE_NAMES.map((name) => ({ name, base: map[name], version: remoteVersion(name) })),
  };
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}
