import { PUBLIC_DATA_KEYS, PUBLIC_DATA_STALE_MS } from '@wayfarer/contracts/browser';
import { useQuery } from '@wayfarer/query';
import { fetchNewsItem, fetchPublishedNews } from './news-api';

/** Query keys of the public news (under the contract's key, which the admin remote marks stale when it writes news). */
export const newsKeys = {
  all: PUBLIC_DATA_KEYS.news,
  list: () => [...newsKeys.all, 'list'] as const,
  item: (id: string) => [...newsKeys.all, 'item', id] as const,
};

export const usePublishedNews = () =>
  useQuery({ queryKey: newsKeys.list(), queryFn: fetchPublishedNews, staleTime: PUBLIC_DATA_STALE_MS });
export const useNewsItem = (id: string) =>
  useQuery({
    queryKey: newsKeys.item(id),
    queryFn: () => fetchNewsItem(id),
    staleTime: PUBLIC_DATA_STALE_MS,
  });
