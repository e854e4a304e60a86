import { useSyncExternalStore } from 'react';

/**
 * A new build of the shell's service worker is waiting: `apply` lets it take over and reloads. Kept
 * outside React, so the lazily loaded registration (register-sw.ts) can announce it to the prompt.
 */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function announceUpdate(next: () => void): void {
  apply = next;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The waiting update's `apply`, or null when there is none. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => apply,
    () => null,
  );
}
