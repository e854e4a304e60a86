import { useLayoutEffect, useRef } from 'react';

/**
 * Keyboard reordering keeps focus on the moved row's button (or its other move button at the list's end): set
 * `refocus.current` to '<key>|up' or '<key>|down' before the move; the buttons carry `data-move` with that value.
 */
export function useMoveFocus(rows: unknown) {
  const refocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    refocus.current = null;
    const [key, dir] = target.split('|');
    const el = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${key}|${dir}"]`);
    const alt = listRef.current.querySelector<HTMLButtonElement>(
      `[data-move="${key}|${dir === 'up' ? 'down' : 'up'}"]`,
    );
    (el && !el.disabled ? el : alt)?.focus();
  }, [rows]);
  return { listRef, refocus };
}
