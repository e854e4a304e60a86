import { useQuery } from '@wayfarer/query';
import { fetchNewsItem, fetchPublishedNews } from './news-api';

/** Query keys of the public news. */
export const newsKeys = {
  all: ['news', 'published'] as const,
  list: () => [...newsKeys.all, 'list'] as const,
  item: (id: string) => [...newsKeys.all, 'item', id] as const,
};

export const usePublishedNews = () => useQuery({ queryKey: newsKeys.list(), queryFn: fetchPublishedNews });
export const useNewsItem = (id: string) =>
  useQuery({ queryKey: newsKeys.item(id), queryFn: () => fetchNewsItem(id) });
