import type { DetailState, Sight, SightComment, Station } from './types';

export const DETAIL_ERROR = 'Failed to load sight.';

export const initialDetailState: DetailState = {
  loading: false,
  updating: false,
  error: null,
  notFound: false,
  lastId: null,
  sight: null,
  stations: [],
  comments: { items: [], loading: false, posting: false, updating: {}, liking: {} },
};

export type DetailAction =
  | { type: 'select'; id: string }
  | { type: 'loaded'; id: string; sight: Sight; stations: Station[] }
  | { type: 'failed'; id: string; notFound: boolean }
  | { type: 'enriched'; sightId: string; patch: Partial<Sight> }
  | { type: 'commentsLoading'; loading: boolean }
  | { type: 'commentsLoaded'; items: SightComment[] }
  | { type: 'posting'; posting: boolean }
  | { type: 'commentAdded'; comment: SightComment }
  | { type: 'commentUpdating'; id: string; updating: boolean }
  | { type: 'commentReplaced'; comment: SightComment; previousRating: number | null }
  | { type: 'commentRemoved'; id: string }
  | { type: 'liking'; id: string; liking: boolean }
  | { type: 'toggleLike'; id: string }
  | { type: 'setLike'; id: string; liked: boolean }
  | { type: 'likesCount'; id: string; count: number }
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

function mapComment(items: SightComment[], id: string, f: (c: SightComment) => SightComment): SightComment[] {
  return items.map((c) => (c.id === id ? f(c) : c));
}

/** Pure transitions of spec point 4 'Sight detail and comments'. */
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
        comments: same ? s.comments : initialDetailState.comments,
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
    case 'commentsLoading':
      return { ...s, comments: { ...s.comments, loading: a.loading } };
    case 'commentsLoaded':
      return { ...s, comments: { ...s.comments, loading: false, items: a.items } };
    case 'posting':
      return { ...s, comments: { ...s.comments, posting: a.posting } };
    case 'commentAdded': {
      const c = a.comment;
      let items = [c, ...s.comments.items];
      if (c.parent_id) items = mapComment(items, c.parent_id, (p) => ({ ...p, reply_count: p.reply_count + 1 }));
      const sight =
        s.sight && c.rating != null && !c.parent_id
          ? { ...s.sight, ...applyRating(s.sight.rating_avg, s.sight.ratings_count, c.rating) }
          : s.sight;
      return { ...s, sight, comments: { ...s.comments, items } };
    }
    case 'commentUpdating':
      return { ...s, comments: { ...s.comments, updating: { ...s.comments.updating, [a.id]: a.updating } } };
    case 'commentReplaced': {
      const c = a.comment;
      const items = mapComment(s.comments.items, c.id, () => c);
      const sight =
        s.sight && a.previousRating !== c.rating
          ? { ...s.sight, ...applyRating(s.sight.rating_avg, s.sight.ratings_count, c.rating, a.previousRating) }
          : s.sight;
      return { ...s, sight, comments: { ...s.comments, items } };
    }
    case 'commentRemoved': {
      const gone = s.comments.items.find((c) => c.id === a.id);
      if (!gone) return s;
      let items = s.comments.items.filter((c) => c.id !== a.id && c.parent_id !== a.id);
      if (gone.parent_id)
        items = mapComment(items, gone.parent_id, (p) => ({ ...p, reply_count: Math.max(0, p.reply_count - 1) }));
      const sight =
        s.sight && gone.rating != null && !gone.parent_id
          ? { ...s.sight, ...applyRating(s.sight.rating_avg, s.sight.ratings_count, null, gone.rating) }
          : s.sight;
      return { ...s, sight, comments: { ...s.comments, items } };
    }
    case 'liking':
      return { ...s, comments: { ...s.comments, liking: { ...s.comments.liking, [a.id]: a.liking } } };
    case 'toggleLike':
      return {
        ...s,
        comments: {
          ...s.comments,
          items: mapComment(s.comments.items, a.id, (c) => ({
            ...c,
            user_liked: !c.user_liked,
            likes_count: Math.max(0, c.likes_count + (c.user_liked ? -1 : 1)),
          })),
        },
      };
    case 'likesCount':
      return {
        ...s,
        comments: {
          ...s.comments,
          items: mapComment(s.comments.items, a.id, (c) => ({ ...c, likes_count: Math.max(0, a.count) })),
        },
      };
    case 'setLike':
      return {
        ...s,
        comments: {
          ...s.comments,
          items: mapComment(s.comments.items, a.id, (c) =>
            c.user_liked === a.liked
              ? c
              : { ...c, user_liked: a.liked, likes_count: Math.max(0, c.likes_count + (a.liked ? 1 : -1)) },
          ),
        },
      };
  }
}
