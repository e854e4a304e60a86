/**
 * Dispatched on `window` when a download the screen waits for starts (`detail: 1`) or settles (`detail: -1`): a
 * remote's code or a page's chunk needed by a navigation. Navigations are transitions, so the previous page stays
 * on screen meanwhile; the shell listens and shows a progress bar. An event, not shared state: each remote
 * bundles its own copy of this package.
 */
export const PENDING_EVENT = 'wf:pending';

function emit(delta: 1 | -1): void {
  window.dispatchEvent(new CustomEvent<number>(PENDING_EVENT, { detail: delta }));
}

/**
 * Reports `promise` as a wait the visitor sees (see PENDING_EVENT) and returns it unchanged. Safe to call during
 * a render (React.lazy's factory runs there): the events are sent from microtasks, never synchronously.
 */
export function trackPending<T>(promise: Promise<T>): Promise<T> {
  if (typeof window === 'undefined') return promise;
  queueMicrotask(() => emit(1));
  const done = () => queueMicrotask(() => emit(-1));
  promise.then(done, done);
  return promise;
}
