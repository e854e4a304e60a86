import { startTransition, useCallback, useState, useSyncExternalStore } from 'react';
import { TOUCH_FIRST_QUERY } from '../utils/touch-first-query';

export { TOUCH_FIRST_QUERY };

interface Media {
  from: typeof matchMedia;
  list: MediaQueryList;
  /** The list's answer, kept up to date by its 'change' events. */
  matches: boolean;
}
let cached: Media | null = null;
/**
 * One MediaQueryList for the page, and its answer cached: getSnapshot runs on every render, and reading `matches`
 * there made the browser bring style and layout up to date in the middle of React's work (10 ms and more on a
 * phone profile). Made again only if matchMedia itself is replaced (tests emulating a device).
 */
function media(): Media | null {
  if (typeof matchMedia !== 'function') return null;
  if (cached?.from !== matchMedia) {
    const list = matchMedia(TOUCH_FIRST_QUERY);
    const entry: Media = { from: matchMedia, list, matches: list.matches };
    // Registered before any subscriber's: the answer is current when React's listener reads it.
    list.addEventListener?.('change', (e) => {
      entry.matches = e.matches;
    });
    cached = entry;
  }
  return cached;
}

/** Whether the device is touch-first now (outside React: a module deciding what to download). */
export function isTouchFirst(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const m = media()?.list;
  m?.addEventListener?.('change', onChange);
  return () => m?.removeEventListener?.('change', onChange);
}

/** Whether the device is touch-first (TOUCH_FIRST_QUERY), following a change (a tablet docked to a keyboard...). */
export function useTouchFirst(): boolean {
  return useSyncExternalStore(subscribe, isTouchFirst, () => false);
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
