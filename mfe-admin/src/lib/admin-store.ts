import { atom, createStore } from 'jotai';

/**
 * The admin remote's own jotai store. Async actions live outside React (so tests can drive them without
 * rendering), which needs a store they can reach; the session stays in @wayfarer/session's sessionStore.
 */
export const adminStore = createStore();

/** Set when any admin call answers 403: the layout then shows 'Admins only' instead of a broken screen. */
export const forbiddenAtom = atom(false);
