import { useSyncExternalStore } from 'react';

/** A phone or tablet: the main pointer is a finger and nothing hovers. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

const media = () => (typeof matchMedia === 'function' ? matchMedia(TOUCH_FIRST_QUERY) : null);

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
