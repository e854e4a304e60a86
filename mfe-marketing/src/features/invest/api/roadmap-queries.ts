import { useQuery } from '@wayfarer/query';
import { fetchPublishedRoadmap } from './roadmap-api';

/** Query keys of the public roadmap. */
export const roadmapKeys = { published: ['roadmap', 'published'] as const };

export const usePublishedRoadmap = () =>
  useQuery({ queryKey: roadmapKeys.published, queryFn: fetchPublishedRoadmap });
