/** How long after the load event the service worker is registered (then in the browser's next idle time). */
export const REGISTER_DELAY_MS = 3000;

/**
 * The service worker is registered from a lazy chunk (workbox-window is no part of the first load), in
 * production builds only (a development server's files change under it), a few seconds after the page's load event
 * and in idle time: installing it precaches the four remote builds, which must not compete with the page's own
 * downloads and rendering on a slow phone (nor sit inside a first load's measurements).
 */
export function startPwa(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const run = () =>
    void import(/* webpackChunkName: "register-sw" */ './register-sw')
      .then((m) => m.registerServiceWorker())
      .catch((err: unknown) => console.warn('[pwa] service worker not registered', err));
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : run();
  const later = () => window.setTimeout(whenIdle, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
