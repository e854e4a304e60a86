/**
 * Issue #20: the service worker is registered once the page has loaded, from a lazy chunk (workbox-window is no
 * part of the first load), in production builds only (a development server's files change under it).
 */
export function startPwa(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const run = () =>
    void import(/* webpackChunkName: "register-sw" */ './register-sw')
      .then((m) => m.registerServiceWorker())
      .catch((err: unknown) => console.warn('[pwa] service worker not registered', err));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
