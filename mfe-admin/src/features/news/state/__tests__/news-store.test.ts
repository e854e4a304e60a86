import { jest } from '@jest/globals';
import { ApiError } from '@wayfarer/api-client';
import { adminStore } from '../../../../lib/admin-store';
import type { NewsItem } from '../../types';
import { initialNewsState, newsCounts, newsReducer, type NewsState } from '../news-reducer';
import { createNews, deleteNews, fetchNews, newsCountsAtom, newsStateAtom, updateNews, clearNewsError, type NewsDeps } from '../news-actions';

const item = (id: string, is_published = false, title = `News ${id}`): NewsItem => ({
  id, title, summary: '', body: 'Body', image_url: null, is_published, published_at: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});

function fakeDeps(token: string | null = 'tok'): NewsDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    getToken: async () => token,
    api: {
      list: async () => { calls.push('list'); return [item('a', true), item('b')]; },
      create: async (f) => { calls.push('create'); return { ...item('new'), title: f.title }; },
      update: async (id, f) => { calls.push('update'); return { ...item(id), ...f }; },
      remove: async () => { calls.push('remove'); },
    },
  };
}

beforeEach(() => adminStore.set(newsStateAtom, initialNewsState));

describe('newsReducer', () => {
  test('request sets loading and clears the error; success turns loading off', () => {
    let s: NewsState = { ...initialNewsState, error: 'old' };
    s = newsReducer(s, { type: 'request' });
    expect(s).toMatchObject({ loading: true, error: null, initialized: false });
    s = newsReducer(s, { type: 'fetched', items: [item('a')] });
    expect(s).toMatchObject({ loading: false, initialized: true });
  });

  test('created news goes to the front', () => {
    const s = newsReducer({ ...initialNewsState, items: [item('a'), item('b')] }, { type: 'created', item: item('c') });
    expect(s.items.map((n) => n.id)).toEqual(['c', 'a', 'b']);
  });

  test('update replaces by id in place; delete removes by id', () => {
    let s = newsReducer({ ...initialNewsState, items: [item('a'), item('b'), item('c')] }, { type: 'updated', item: item('b', true, 'Changed') });
    expect(s.items.map((n) => n.title)).toEqual(['News a', 'Changed', 'News c']);
    s = newsReducer(s, { type: 'deleted', id: 'a' });
    expect(s.items.map((n) => n.id)).toEqual(['b', 'c']);
  });

  test('failure stores the message and it can be cleared', () => {
    let s = newsReducer({ ...initialNewsState, loading: true }, { type: 'failure', error: 'boom' });
    expect(s).toMatchObject({ loading: false, error: 'boom' });
    s = newsReducer(s, { type: 'clearError' });
    expect(s.error).toBeNull();
  });

  test('published and draft counts are derived', () => {
    expect(newsCounts([item('a', true), item('b'), item('c', true)])).toEqual({ total: 3, published: 2, drafts: 1 });
  });
});

describe('news actions', () => {
  test('fetch fills the list, marks initialized and derives counts', async () => {
    expect(await fetchNews(fakeDeps())).toBe(true);
    expect(adminStore.get(newsStateAtom)).toMatchObject({ initialized: true, loading: false, error: null });
    expect(adminStore.get(newsCountsAtom)).toEqual({ total: 2, published: 1, drafts: 1 });
  });

  test('no access token: create, update and delete stop with Authentication required before any call', async () => {
    const deps = fakeDeps(null);
    expect(await createNews({ title: 't', body: 'c' }, deps)).toBeNull();
    expect(adminStore.get(newsStateAtom).error).toBe('Authentication required');
    expect(await updateNews('a', { title: 't' }, deps)).toBeNull();
    expect(await deleteNews('a', deps)).toBe(false);
    expect(deps.calls).toEqual([]);
    clearNewsError();
    expect(adminStore.get(newsStateAtom).error).toBeNull();
  });

  test('server message preferred, spec fallback otherwise', async () => {
    const deps = fakeDeps();
    deps.api.list = async () => { throw new ApiError('Internal Server Error', 500, {}); };
    await fetchNews(deps);
    expect(adminStore.get(newsStateAtom).error).toBe('Failed to fetch news');
    deps.api.create = async () => { throw new ApiError('Bad Request', 400, { error: 'title is required' }); };
    await createNews({ title: '', body: '' }, deps);
    expect(adminStore.get(newsStateAtom).error).toBe('title is required');
    deps.api.remove = jest.fn(async () => { throw new TypeError('network'); });
    await deleteNews('x', deps);
    expect(adminStore.get(newsStateAtom).error).toBe('Failed to delete news');
    deps.api.update = async () => { throw new ApiError('', 500, {}); };
    await updateNews('x', {}, deps);
    expect(adminStore.get(newsStateAtom).error).toBe('Failed to update news');
  });

  test('create puts the new item first; delete removes it', async () => {
    const deps = fakeDeps();
    await fetchNews(deps);
    await createNews({ title: 'Fresh', body: 'c' }, deps);
    expect(adminStore.get(newsStateAtom).items[0]!.title).toBe('Fresh');
    expect(await deleteNews('new', deps)).toBe(true);
    expect(adminStore.get(newsStateAtom).items.map((n) => n.id)).toEqual(['a', 'b']);
  });
});
