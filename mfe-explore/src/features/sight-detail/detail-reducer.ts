import type { DetailState, Sight, Station } from './types';

export const DETAIL_ERROR = 'Failed to load sight.';

export const initialDetailState: DetailState = {
  loading: false,
  updating: false,
  error: null,
  notFound: false,
  lastId: null,
  sight: null,
  stations: [],
};

export type DetailAction =
  | { type: 'select'; id: string }
  | { type: 'loaded'; id: string; sight: Sight; stations: Station[] }
  | { type: 'failed'; id: string; notFound: boolean }
  | { type: 'enriched'; sightId: string; patch: Partial<Sight> }
  /** A comment's rating was added, changed or removed (spec point 4: the average is updated locally). */
  | { type: 'rating'; sightId: string; add: number | null; remove: number | null }
  | { type: 'stations'; stations: Station[] };

/** New average after adding a rating (and optionally removing a previous one). */
export function applyRating(
  avg: number | null | undefined,
  count: number | null | undefined,
  add: number | null,
  remove: number | null = null,
): { rating_avg: number; ratings_count: number } {
  let n = count ?? 0;
  let sum = (avg ?? 0) * n;
  if (remove != null && n > 0) {
    sum -= remove;
    n -= 1;
  }
  if (add != null) {
    sum += add;
    n += 1;
  }
  return { rating_avg: n > 0 ? Math.round((sum / n) * 100) / 100 : 0, ratings_count: n };
}

/** Pure transitions of spec point 4 'Sight detail' (its comments are a query of the comments feature). */
export function detailReducer(s: DetailState, a: DetailAction): DetailState {
  switch (a.type) {
    case 'select': {
      const same = s.lastId === a.id && s.sight !== null;
      return {
        ...s,
        lastId: a.id,
        error: null,
        notFound: false,
        loading: !same,
        updating: same,
        sight: same ? s.sight : null,
        stations: same ? s.stations : [],
      };
    }
    case 'loaded':
      if (a.id !== s.lastId) return s;
      return { ...s, loading: false, updating: false, error: null, sight: a.sight, stations: a.stations };
    case 'failed':
      if (a.id !== s.lastId) return s;
      return { ...s, loading: false, updating: false, error: DETAIL_ERROR, notFound: a.notFound };
    case 'enriched':
      if (!s.sight || s.sight.id !== a.sightId) return s;
      return { ...s, sight: { ...s.sight, ...a.patch } };
    case 'stations':
      return { ...s, stations: a.stations };
    case 'rating':
      if (!s.sight || s.sight.id !== a.sightId) return s;
      return { ...s, sight: { ...s.sight, ...applyRating(s.sight.rating_avg, s.sight.ratings_count, a.add, a.remove) } };
  }
}
