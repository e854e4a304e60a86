import { PUBLIC_DATA_KEYS, PUBLIC_DATA_STALE_MS } from '@wayfarer/contracts/browser';
import { queryOptions, useQuery } from '@wayfarer/query';
import { fetchNewsItem, fetchPublishedNews } from './news-api';

/** Query keys of the public news (under the contract's key, which the admin remote marks stale when it writes news). */
export const newsKeys = {
  all: PUBLIC_DATA_KEYS.news,
  list: () => [...newsKeys.all, 'list'] as const,
  item: (id: string) => [...newsKeys.all, 'item', id] as const,
};

/** The published news, as the pages read it and as their preloads read it ahead (one cache entry). */
export const publishedNewsQuery = () =>
  queryOptions({ queryKey: newsKeys.list(), queryFn: fetchPublishedNews, staleTime: PUBLIC_DATA_STALE_MS });
export const newsItemQuery = (id: string) =>
  queryOptions({
    queryKey: newsKeys.item(id),
    queryFn: () => fetchNewsItem(id),
    staleTime: PUBLIC_DATA_STALE_MS,
  });

export const usePublishedNews = () => useQuery(publishedNewsQuery());
export const useNewsItem = (id: string) => useQuery(newsItemQuery(id));
