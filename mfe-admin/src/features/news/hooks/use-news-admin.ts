import { useMemo } from 'react';
import { useNewsList } from '../api/news-queries';
import { newsCounts } from '../utils/news-list';

/**
 * The news management screen's data (spec point 4): the list and its counts, a loading flag, one clearable
 * error, initialized after the first good fetch, and the writes (each resolving to its result, or null / false
 * with its message in `error`; without an access token a write stops before any call).
 */
export function useNewsAdmin() {
  const list = useNewsList();
  const counts = useMemo(() => newsCounts(list.items), [list.items]);
  return {
    items: list.items,
    counts,
    initialized: list.initialized,
    loading: list.loading,
    error: list.error,
    clearError: list.clearError,
    createNews: list.create,
    updateNews: list.update,
    deleteNews: list.remove,
  };
}
