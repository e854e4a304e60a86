import { useQuery } from '@wayfarer/query';
import { fetchFeaturedSights } from './featured-sights-api';

/** Query keys of the home page's featured sights. */
export const featuredKeys = { list: (limit: number) => ['sights', 'featured', limit] as const };

export const useFeaturedSights = (limit: number) =>
  useQuery({ queryKey: featuredKeys.list(limit), queryFn: () => fetchFeaturedSights(limit) });
