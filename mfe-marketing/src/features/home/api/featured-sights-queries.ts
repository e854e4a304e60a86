import { PUBLIC_DATA_STALE_MS } from '@wayfarer/contracts/browser';
import { queryOptions, useQuery } from '@wayfarer/query';
import { fetchFeaturedSights } from './featured-sights-api';

/** Query keys of the home page's featured sights. */
export const featuredKeys = { list: (limit: number) => ['sights', 'featured', limit] as const };

/**
 * The home page's featured sights, as the page reads them and as its preload reads them ahead (one cache entry).
 * Kept fresh for PUBLIC_DATA_STALE_MS: going back to / shows the cached cards and reads nothing.
 */
export const featuredSightsQuery = (limit: number) =>
  queryOptions({
    queryKey: featuredKeys.list(limit),
    queryFn: () => fetchFeaturedSights(limit),
    staleTime: PUBLIC_DATA_STALE_MS,
  });

export const useFeaturedSights = (limit: number) => useQuery(featuredSightsQuery(limit));
