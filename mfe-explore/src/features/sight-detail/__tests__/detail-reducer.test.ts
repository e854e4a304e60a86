import { jest } from '@jest/globals';
import { createStore } from 'jotai';
import { ApiError } from '@wayfarer/api-client';
import { applyRating, detailReducer, initialDetailState, DETAIL_ERROR } from '../detail-reducer';
import { detailActions, detailAtom, type Deps } from '../detail-store';
import type { DetailState, Sight, SightComment } from '../types';

const sight: Sight = { id: 's1', name: 'Eiffel Tower', latitude: 48.8584, longitude: 2.2945, rating_avg: 4, ratings_count: 2 };
const c = (id: string, over: Partial<SightComment> = {}): SightComment => ({
  id, user_id: 'u1', sight_id: 's1', body: id, rating: null, parent_id: null, reply_count: 0,
  likes_count: 0, user_liked: false, created_at: '2026-01-01T00:00:00Z', ...over,
});
const loaded = (items: SightComment[] = []): DetailState => ({
  ...initialDetailState, lastId: 's1', sight, comments: { ...initialDetailState.comments, items },
});

describe('detail transitions', () => {
  it('select sets loading and clears the error; loaded sets sight and stations; failed sets the error', () => {
    let s: DetailState = { ...initialDetailState, error: DETAIL_ERROR, lastId: 'x' };
    s = detailReducer(s, { type: 'select', id: 's1' });
    expect(s).toMatchObject({ loading: true, error: null, lastId: 's1', sight: null });
    s = detailReducer(s, { type: 'loaded', id: 's1', sight, stations: [{ id: 'st1' }] });
    expect(s).toMatchObject({ loading: false, sight, stations: [{ id: 'st1' }] });
    s = detailReducer(s, { type: 'select', id: 's1' });
    expect(s).toMatchObject({ loading: false, updating: true, sight });
    s = detailReducer(s, { type: 'select', id: 's2' });
    s = detailReducer(s, { type: 'failed', id: 's2', notFound: true });
    expect(s).toMatchObject({ loading: false, error: DETAIL_ERROR, notFound: true, sight: null });
  });
  it('ignores results for an id that is no longer selected', () => {
    let s = detailReducer(initialDetailState, { type: 'select', id: 'a' });
    s = detailReducer(s, { type: 'select', id: 'b' });
    expect(detailReducer(s, { type: 'loaded', id: 'a', sight, stations: [] }).sight).toBeNull();
  });
  it('new comment goes on top; rated comment updates average and count', () => {
    const s = detailReducer(loaded([c('old')]), { type: 'commentAdded', comment: c('new', { rating: 1 }) });
    expect(s.comments.items.map((x) => x.id)).toEqual(['new', 'old']);
    expect(s.sight).toMatchObject({ ratings_count: 3, rating_avg: 3 });
    expect(applyRating(null, 0, 5)).toEqual({ rating_avg: 5, ratings_count: 1 });
  });
  it('delete removes the comment and its replies', () => {
    const s = detailReducer(loaded([c('p', { reply_count: 2 }), c('r1', { parent_id: 'p' }), c('r2', { parent_id: 'p' }), c('q')]), {
      type: 'commentRemoved', id: 'p',
    });
    expect(s.comments.items.map((x) => x.id)).toEqual(['q']);
  });
  it('like toggles and never goes below 0', () => {
    let s = detailReducer(loaded([c('a', { likes_count: 0, user_liked: true })]), { type: 'toggleLike', id: 'a' });
    expect(s.comments.items[0]).toMatchObject({ likes_count: 0, user_liked: false });
    s = detailReducer(s, { type: 'toggleLike', id: 'a' });
    expect(s.comments.items[0]).toMatchObject({ likes_count: 1, user_liked: true });
  });
});

function deps(over: Partial<Deps>): Deps {
  const fail = () => Promise.reject(new Error('unexpected'));
  return {
    getSightDetail: fail, getComments: () => Promise.resolve([]), postComment: fail, likeComment: fail,
    patchComment: fail, deleteComment: fail, generateGuide: fail, token: () => Promise.resolve('tok'), ...over,
  } as Deps;
}

describe('detail actions', () => {
  it('optimistic like is reverted when the call fails', async () => {
    const store = createStore();
    store.set(detailAtom, loaded([c('a', { likes_count: 3 })]));
    let reject!: (e: Error) => void;
    const a = detailActions(store, deps({ likeComment: () => new Promise((_, r) => { reject = r; }) }));
    const p = a.toggleLike('a');
    await Promise.resolve(); await Promise.resolve();
    expect(store.get(detailAtom).comments.items[0]).toMatchObject({ likes_count: 4, user_liked: true });
    expect(store.get(detailAtom).comments.liking.a).toBe(true);
    reject(new Error('boom'));
    await expect(p).rejects.toThrow('boom');
    expect(store.get(detailAtom).comments.items[0]).toMatchObject({ likes_count: 3, user_liked: false });
    expect(store.get(detailAtom).comments.liking.a).toBe(false);
  });
  it('signed-out like throws the spec message and changes nothing', async () => {
    const store = createStore();
    store.set(detailAtom, loaded([c('a')]));
    const a = detailActions(store, deps({ token: () => Promise.resolve(null) }));
    await expect(a.toggleLike('a')).rejects.toThrow('You must be logged in to like comments');
    await expect(a.post({ body: 'x', rating: null, parent_id: null }, undefined)).rejects.toThrow(
      'You must be logged in to post comments',
    );
    expect(store.get(detailAtom).comments.items[0].likes_count).toBe(0);
  });
  it('load retries once after 400 ms via the api and maps 404 to not-found', async () => {
    const store = createStore();
    const getSightDetail = jest.fn(() => Promise.reject(new ApiError('Not found', 404, {})));
    await detailActions(store, deps({ getSightDetail })).load('zz');
    expect(store.get(detailAtom)).toMatchObject({ error: DETAIL_ERROR, notFound: true, loading: false });
  });
});
