import { lazy } from 'react';
import type { PageDataPrefetch } from '@wayfarer/ui';
import { queryClient } from '@wayfarer/session';
import { isTouchFirst } from './hooks/use-touch-first';
import { parseView } from './utils/view-state';
import { nearbyAnswerQuery } from './api/nearby-queries';

/**
 * The map's code (Leaflet, clustering) is a chunk of its own. With a mouse it downloads with this page (below) and
 * the map mounts after the toolbar and list have been painted. A touch-first device shows the map's facade until
 * tapped, so it downloads the code only then: before, a phone's first load fetched Leaflet (49 KB of its 320)
 * with the page, in the same bandwidth as the first tiles, for a map not yet started.
 */
export const loadExploreMap = () => import(/* webpackChunkName: "explore-map" */ '../map');
export const ExploreMap = lazy(() => loadExploreMap().then((m) => ({ default: m.ExploreMap })));
if (!isTouchFirst()) void loadExploreMap().catch(() => undefined);

/**
 * The page's first data, read with its code (the shell preloads the page before the remote's first render, and on
 * intent): the sights around the address's view, so the list and the pins do not wait for the page's first render
 * to ask for them.
 */
export const prefetchExploreData: PageDataPrefetch = (_params, search) => {
  const { lat, lon, km, type } = parseView(search);
  void queryClient.prefetchQuery(nearbyAnswerQuery({ lat, lon, km, type }));
};
