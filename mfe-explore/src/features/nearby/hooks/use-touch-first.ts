import { startTransition, useCallback, useState, useSyncExternalStore } from 'react';

/** A phone or tablet: the main pointer is a finger and nothing hovers. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

let cached: { from: typeof matchMedia; list: MediaQueryList } | null = null;
/**
 * One MediaQueryList for the page (getSnapshot runs on every render; a new list each time cost milliseconds), made
 * again only if matchMedia itself is replaced (tests emulating a device).
 */
function media(): MediaQueryList | null {
  if (typeof matchMedia !== 'function') return null;
  if (cached?.from !== matchMedia) cached = { from: matchMedia, list: matchMedia(TOUCH_FIRST_QUERY) };
  return cached.list;
}

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', onChange);
  return () => m?.removeEventListener?.('change', onChange);
}

/** Whether the device is touch-first (TOUCH_FIRST_QUERY), following a change (a tablet docked to a keyboard...). */
export function useTouchFirst(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}

/**
 * Whether the map's preview is still its facade (map-placeholder.tsx): on a touch-first device, until the traveller
 * taps it (`activate`, a transition: the preview stays on screen while the map's code is readied).
 */
export function useMapFacade(): { facade: boolean; activate: () => void } {
  const touchFirst = useTouchFirst();
  const [tapped, setTapped] = useState(false);
  const activate = useCallback(() => startTransition(() => setTapped(true)), []);
  return { facade: touchFirst && !tapped, activate };
}
