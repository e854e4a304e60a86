import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { describeError } from './admin-request';

/**
 * An admin list read through the one QueryClient: its data (kept while re-fetching), loading while a fetch runs,
 * the error text (server text, else the fallback), reload, and `setData` for writes that answer with the new
 * state (it updates the cached query, so every screen reading the key sees it).
 */
export function useAdminQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, fallback: string) {
  const client = useQueryClient();
  // A new key (the audit log's next page) keeps the previous data on screen until its own arrives.
  const q = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  return {
    data: q.data ?? null,
    loading: q.isFetching,
    error: q.error ? describeError(q.error, fallback) : null,
    reload: () => q.refetch().then(() => undefined),
    setData: (update: (data: T | null) => T) => client.setQueryData<T>(queryKey, (old) => update(old ?? null)),
  };
}
