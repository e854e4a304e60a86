import { atom } from 'jotai';
import { getAccessToken } from '@wayfarer/session';
import { adminStore } from '../../../lib/admin-store';
import { AUTH_REQUIRED, messageOf } from '../../../lib/admin-request';
import { roadmapApi, type RoadmapApi } from '../api/roadmap-api';
import type { RoadmapFields, RoadmapItem } from '../types';
import {
  groupPublished,
  initialRoadmapState,
  roadmapCounts,
  roadmapReducer,
  type RoadmapAction,
  type RoadmapState,
} from './roadmap-reducer';

export const roadmapStateAtom = atom<RoadmapState>(initialRoadmapState);
export const roadmapGroupsAtom = atom((get) => groupPublished(get(roadmapStateAtom).items));
export const roadmapCountsAtom = atom((get) => roadmapCounts(get(roadmapStateAtom).items));

export interface RoadmapDeps {
  api: RoadmapApi;
  getToken: () => Promise<string | null>;
}
const defaultDeps: RoadmapDeps = { api: roadmapApi, getToken: getAccessToken };

export function dispatchRoadmap(action: RoadmapAction): void {
  adminStore.set(roadmapStateAtom, roadmapReducer(adminStore.get(roadmapStateAtom), action));
}

export const clearRoadmapError = () => dispatchRoadmap({ type: 'clearError' });

export async function fetchRoadmap(deps: RoadmapDeps = defaultDeps): Promise<boolean> {
  dispatchRoadmap({ type: 'request' });
  try {
    dispatchRoadmap({ type: 'fetched', items: await deps.api.list() });
    return true;
  } catch (err) {
    dispatchRoadmap({ type: 'failure', error: messageOf(err, 'Failed to fetch roadmap') });
    return false;
  }
}

async function guarded<T>(deps: RoadmapDeps, fallback: string, run: () => Promise<T>, done: (v: T) => RoadmapAction): Promise<T | null> {
  if (!(await deps.getToken())) {
    dispatchRoadmap({ type: 'failure', error: AUTH_REQUIRED });
    return null;
  }
  dispatchRoadmap({ type: 'request' });
  try {
    const v = await run();
    dispatchRoadmap(done(v));
    return v;
  } catch (err) {
    dispatchRoadmap({ type: 'failure', error: messageOf(err, fallback) });
    return null;
  }
}

export const createRoadmapItem = (fields: RoadmapFields, deps: RoadmapDeps = defaultDeps): Promise<RoadmapItem | null> =>
  guarded(deps, 'Failed to create roadmap item', () => deps.api.create(fields), (item) => ({ type: 'created', item }));

export const updateRoadmapItem = (id: string, fields: Partial<RoadmapFields>, deps: RoadmapDeps = defaultDeps): Promise<RoadmapItem | null> =>
  guarded(deps, 'Failed to update roadmap item', () => deps.api.update(id, fields), (item) => ({ type: 'updated', item }));

export async function deleteRoadmapItem(id: string, deps: RoadmapDeps = defaultDeps): Promise<boolean> {
  const r = await guarded(deps, 'Failed to delete roadmap item', async () => { await deps.api.remove(id); return true as const; }, () => ({ type: 'deleted', id }));
  return r === true;
}

/** Saves the new order, then re-fetches the roadmap so the list is the server's truth. */
export async function reorderRoadmap(orderedIds: readonly string[], deps: RoadmapDeps = defaultDeps): Promise<boolean> {
  const r = await guarded(deps, 'Failed to reorder roadmap items', async () => { await deps.api.reorder(orderedIds); return true as const; }, () => ({ type: 'reordered' }));
  if (r !== true) return false;
  return fetchRoadmap(deps);
}
