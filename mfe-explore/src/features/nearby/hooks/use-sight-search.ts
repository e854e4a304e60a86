import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@wayfarer/query';
import { searchSights } from '@wayfarer/api-client';
import type { SearchResult } from '@wayfarer/contracts';
import { placeKeys } from '../api/keys';
import { normalizeQuery } from '../utils/places-logic';

/** The pause after a keystroke before the search asks: short, so results follow the typing (<= 150 ms to screen). */
export const SEARCH_DEBOUNCE_MS = 60;
/** Fewer characters than this ask nothing (one letter matches half the world). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_LIMIT = 8;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Sights and places for the search box as one types: the query settles SEARCH_DEBOUNCE_MS after the last keystroke,
 * then GET /search near `center`. While the next answer is on its way the previous list stays (no flicker);
 * `settled` says the list is the answer for the query as typed now (the live region announces only that).
 */
export function useSightSearch(draft: string, center: { lat: number; lon: number }) {
  const [q, setQ] = useState('');
  useEffect(() => {
    const next = normalizeQuery(draft);
    const t = setTimeout(() => setQ(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft]);
  const lat = round2(center.lat);
  const lon = round2(center.lon);
  const enabled = q.length >= SEARCH_MIN_CHARS;
  const query = useQuery({
    queryKey: placeKeys.search(q, lat, lon),
    queryFn: ({ signal }) => searchSights({ q, near: { lat, lon }, limit: SEARCH_LIMIT }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const items: SearchResult[] = enabled ? (query.data?.items ?? []) : [];
  const settled = enabled && query.isSuccess && !query.isPlaceholderData && q === normalizeQuery(draft);
  return { q, items, settled, failed: enabled && query.isError };
}
