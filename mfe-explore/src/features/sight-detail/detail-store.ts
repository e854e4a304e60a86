import { atom, createStore } from 'jotai';
import { ApiError } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { detailReducer, initialDetailState, type DetailAction } from './detail-reducer';
import * as api from './api/sight-api';
import type { DetailState, SightComment } from './types';

export const LOGIN_TO = {
  post: 'You must be logged in to post comments',
  like: 'You must be logged in to like comments',
  edit: 'You must be logged in to edit comments',
  del: 'You must be logged in to delete comments',
} as const;

export const detailAtom = atom<DetailState>(initialDetailState);

/** The detail store; a module store so the nearby feature's enrichment can update the open sight. */
export const detailStore = createStore();

export type Deps = typeof api & { token: () => Promise<string | null> };
// An auth client that cannot give a token means no session, which the actions report with the spec's message.
const defaultDeps: Deps = { ...api, token: () => getAccessToken().catch(() => null) };

type Store = ReturnType<typeof createStore>;

/** Thin actions over the pure reducer. Each takes a store and deps so tests can drive them. */
export function detailActions(store: Store = detailStore, deps: Deps = defaultDeps) {
  const dispatch = (a: DetailAction) => store.set(detailAtom, (s) => detailReducer(s, a));
  const get = () => store.get(detailAtom);

  async function loadComments(id: string) {
    dispatch({ type: 'commentsLoading', loading: true });
    try {
      dispatch({ type: 'commentsLoaded', items: await deps.getComments(id, await deps.token()) });
    } catch (e) {
      // Spec 8: a failed comment load is only logged.
      console.warn('comments load failed', e);
      dispatch({ type: 'commentsLoading', loading: false });
    }
  }

  async function load(id: string) {
    dispatch({ type: 'select', id });
    try {
      const { sight, stations } = await deps.getSightDetail(id, await deps.token());
      dispatch({ type: 'loaded', id, sight, stations });
      void loadComments(id);
    } catch (e) {
      dispatch({ type: 'failed', id, notFound: e instanceof ApiError && e.status === 404 });
    }
  }

  async function needToken(msg: string): Promise<string> {
    const t = await deps.token();
    if (!t) throw new Error(msg);
    return t;
  }

  async function post(input: { body: string; rating: number | null; parent_id: string | null }, me: SightComment['user']) {
    const s = get();
    if (!s.sight) return;
    const token = await needToken(LOGIN_TO.post);
    dispatch({ type: 'posting', posting: true });
    try {
      const res = await deps.postComment(s.sight.id, token, input);
      dispatch({
        type: 'commentAdded',
        comment: {
          id: res.id,
          created_at: res.created_at ?? new Date().toISOString(),
          user_id: me?.id ?? '',
          sight_id: s.sight.id,
          body: input.body,
          rating: input.parent_id ? null : input.rating,
          parent_id: input.parent_id,
          reply_count: 0,
          likes_count: 0,
          user_liked: false,
          user: me,
        },
      });
    } finally {
      dispatch({ type: 'posting', posting: false });
    }
  }

  async function toggleLike(id: string) {
    const token = await needToken(LOGIN_TO.like);
    if (get().comments.liking[id]) return;
    const before = get().comments.items.find((c) => c.id === id);
    if (!before) return;
    dispatch({ type: 'liking', id, liking: true });
    dispatch({ type: 'toggleLike', id });
    try {
      const res = await deps.likeComment(id, token);
      if (typeof res?.liked === 'boolean') dispatch({ type: 'setLike', id, liked: res.liked });
      if (typeof res?.likes_count === 'number') dispatch({ type: 'likesCount', id, count: res.likes_count });
    } catch (e) {
      dispatch({ type: 'setLike', id, liked: before.user_liked });
      throw e;
    } finally {
      dispatch({ type: 'liking', id, liking: false });
    }
  }

  async function edit(id: string, body: string, rating: number | null) {
    const token = await needToken(LOGIN_TO.edit);
    const before = get().comments.items.find((c) => c.id === id);
    if (!before) return;
    dispatch({ type: 'commentUpdating', id, updating: true });
    try {
      await deps.patchComment(id, token, { body, rating });
      dispatch({
        type: 'commentReplaced',
        comment: { ...before, body, rating: before.parent_id ? null : rating },
        previousRating: before.rating,
      });
    } finally {
      dispatch({ type: 'commentUpdating', id, updating: false });
    }
  }

  async function remove(id: string) {
    const token = await needToken(LOGIN_TO.del);
    dispatch({ type: 'commentUpdating', id, updating: true });
    try {
      await deps.deleteComment(id, token);
      dispatch({ type: 'commentRemoved', id });
    } finally {
      dispatch({ type: 'commentUpdating', id, updating: false });
    }
  }

  return { dispatch, load, loadComments, post, toggleLike, edit, remove };
}
