import { atom, createStore } from 'jotai';
import { ApiError } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { detailReducer, initialDetailState, type DetailAction } from './detail-reducer';
import * as api from './api/sight-api';
import type { DetailState } from './types';

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

  async function load(id: string) {
    dispatch({ type: 'select', id });
    try {
      const { sight, stations } = await deps.getSightDetail(id, await deps.token());
      dispatch({ type: 'loaded', id, sight, stations });
    } catch (e) {
      dispatch({ type: 'failed', id, notFound: e instanceof ApiError && e.status === 404 });
    }
  }

  return { dispatch, load };
}

/** A comment's rating was added, changed or removed: the open sight's average and count follow, locally. */
export function updateOpenSightRating(sightId: string, add: number | null, remove: number | null, store: Store = detailStore): void {
  store.set(detailAtom, (s) => detailReducer(s, { type: 'rating', sightId, add, remove }));
}
