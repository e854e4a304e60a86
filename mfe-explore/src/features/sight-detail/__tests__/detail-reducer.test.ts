import { jest } from '@jest/globals';
import { createStore } from 'jotai';
import { ApiError } from '@wayfarer/api-client';
import { applyRating, detailReducer, initialDetailState, DETAIL_ERROR } from '../detail-reducer';
import { detailActions, detailAtom, updateOpenSightRating, type Deps } from '../detail-store';
import type { DetailState, Sight } from '../types';

const sight: Sight = { id: 's1', name: 'Eiffel Tower', latitude: 48.8584, longitude: 2.2945, rating_avg: 4, ratings_count: 2 };
const loaded: DetailState = { ...initialDetailState, lastId: 's1', sight };

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
  it('a rated comment updates the average and count locally (added, changed, removed)', () => {
    let s = detailReducer(loaded, { type: 'rating', sightId: 's1', add: 1, remove: null });
    expect(s.sight).toMatchObject({ ratings_count: 3, rating_avg: 3 });
    s = detailReducer(s, { type: 'rating', sightId: 's1', add: 4, remove: 1 });
    expect(s.sight).toMatchObject({ ratings_count: 3, rating_avg: 4 });
    s = detailReducer(s, { type: 'rating', sightId: 's1', add: null, remove: 4 });
    expect(s.sight).toMatchObject({ ratings_count: 2, rating_avg: 4 });
    expect(detailReducer(s, { type: 'rating', sightId: 'other', add: 5, remove: null })).toBe(s);
    expect(applyRating(null, 0, 5)).toEqual({ rating_avg: 5, ratings_count: 1 });
  });
});

function deps(over: Partial<Deps>): Deps {
  const fail = () => Promise.reject(new Error('unexpected'));
  return { getSightDetail: fail, token: () => Promise.resolve('tok'), ...over } as Deps;
}

describe('detail actions', () => {
  it('updateOpenSightRating changes the open sight only', () => {
    const store = createStore();
    store.set(detailAtom, loaded);
    updateOpenSightRating('s1', 5, null, store);
    expect(store.get(detailAtom).sight).toMatchObject({ ratings_count: 3, rating_avg: 4.33 });
  });
  it('load retries once after 400 ms via the api and maps 404 to not-found', async () => {
    const store = createStore();
    const getSightDetail = jest.fn(() => Promise.reject(new ApiError('Not found', 404, {})));
    await detailActions(store, deps({ getSightDetail })).load('zz');
    expect(store.get(detailAtom)).toMatchObject({ error: DETAIL_ERROR, notFound: true, loading: false });
  });
});
