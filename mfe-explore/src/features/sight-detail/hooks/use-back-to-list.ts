import { useMemo } from 'react';
import { useLocation } from '@wayfarer/router';

const LIST_KEYS = ['lat', 'lon', 'km', 'type', 'q'] as const;

/** The list's view (lat, lon, km, type, q) from link state or this page's query, for the back link. */
export function useBackToList(): string {
  const loc = useLocation();
  return useMemo(() => {
    const fromState = (loc.state as { listSearch?: string } | null)?.listSearch;
    if (typeof fromState === 'string')
      return `/explore${fromState.startsWith('?') || !fromState ? fromState : `?${fromState}`}`;
    const here = new URLSearchParams(loc.search);
    const out = new URLSearchParams();
    for (const k of LIST_KEYS) {
      const v = here.get(k);
      if (v) out.set(k, v);
    }
    const q = out.toString();
    return q ? `/explore?${q}` : '/explore';
  }, [loc.state, loc.search]);
}
