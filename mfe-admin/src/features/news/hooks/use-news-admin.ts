import { useMemo } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useWriteErrors } from '../../../lib/use-write-errors';
import { newsKeys } from '../api/keys';
import { useCreateNews, useDeleteNews, useNewsList, useUpdateNews } from '../api/news-queries';
import type { NewsFields, NewsItem } from '../types';
import { newsCounts } from '../utils/news-list';

const EMPTY: NewsItem[] = [];

/**
 * The news management screen's data (spec point 4): the list, a loading flag (a read or a write running), one
 * error that can be cleared, initialized after the first good fetch, and the writes, each resolving to its result
 * or null (its message is then in `error`). Without an access token a write stops before any call.
 */
export function useNewsAdmin() {
  const list = useNewsList();
  const create = useCreateNews();
  const update = useUpdateNews();
  const remove = useDeleteNews();
  const writing = useIsMutating({ mutationKey: newsKeys.all }) > 0;
  const { error, clearError, run } = useWriteErrors(list.error, 'Failed to fetch news');
  const items = list.data ?? EMPTY;
  const counts = useMemo(() => newsCounts(items), [items]);

  return {
    items,
    counts,
    initialized: list.data !== undefined,
    loading: list.isFetching || writing,
    error,
    clearError,
    createNews: (fields: NewsFields) => run(() => create.mutateAsync(fields), 'Failed to create news'),
    updateNews: (id: string, fields: Partial<NewsFields>) => run(() => update.mutateAsync({ id, fields }), 'Failed to update news'),
    deleteNews: async (id: string) => (await run(async () => (await remove.mutateAsync(id), true), 'Failed to delete news')) === true,
  };
}
