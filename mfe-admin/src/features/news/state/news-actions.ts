import { atom } from 'jotai';
import { getAccessToken } from '@wayfarer/session';
import { adminStore } from '../../../lib/admin-store';
import { AUTH_REQUIRED, messageOf } from '../../../lib/admin-request';
import { newsApi, type NewsApi } from '../api/news-api';
import type { NewsFields, NewsItem } from '../types';
import { initialNewsState, newsCounts, newsReducer, type NewsAction, type NewsState } from './news-reducer';

export const newsStateAtom = atom<NewsState>(initialNewsState);
export const newsCountsAtom = atom((get) => newsCounts(get(newsStateAtom).items));

export interface NewsDeps {
  api: NewsApi;
  getToken: () => Promise<string | null>;
}
const defaultDeps: NewsDeps = { api: newsApi, getToken: getAccessToken };

export function dispatchNews(action: NewsAction): void {
  adminStore.set(newsStateAtom, newsReducer(adminStore.get(newsStateAtom), action));
}

export const clearNewsError = () => dispatchNews({ type: 'clearError' });

export async function fetchNews(deps: NewsDeps = defaultDeps): Promise<boolean> {
  dispatchNews({ type: 'request' });
  try {
    dispatchNews({ type: 'fetched', items: await deps.api.list() });
    return true;
  } catch (err) {
    dispatchNews({ type: 'failure', error: messageOf(err, 'Failed to fetch news') });
    return false;
  }
}

/** Writes need an access token: without one they stop with 'Authentication required' before any call. */
async function guarded<T>(deps: NewsDeps, fallback: string, run: () => Promise<T>, done: (v: T) => NewsAction): Promise<T | null> {
  if (!(await deps.getToken())) {
    dispatchNews({ type: 'failure', error: AUTH_REQUIRED });
    return null;
  }
  dispatchNews({ type: 'request' });
  try {
    const v = await run();
    dispatchNews(done(v));
    return v;
  } catch (err) {
    dispatchNews({ type: 'failure', error: messageOf(err, fallback) });
    return null;
  }
}

export const createNews = (fields: NewsFields, deps: NewsDeps = defaultDeps): Promise<NewsItem | null> =>
  guarded(deps, 'Failed to create news', () => deps.api.create(fields), (item) => ({ type: 'created', item }));

export const updateNews = (id: string, fields: Partial<NewsFields>, deps: NewsDeps = defaultDeps): Promise<NewsItem | null> =>
  guarded(deps, 'Failed to update news', () => deps.api.update(id, fields), (item) => ({ type: 'updated', item }));

export async function deleteNews(id: string, deps: NewsDeps = defaultDeps): Promise<boolean> {
  const r = await guarded(deps, 'Failed to delete news', async () => { await deps.api.remove(id); return true as const; }, () => ({ type: 'deleted', id }));
  return r === true;
}
