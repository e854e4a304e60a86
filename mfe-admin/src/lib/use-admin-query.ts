import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryView } from '@wayfarer/session';
import { describeError } from './admin-request';

/**
 * An admin list read through the one QueryClient: the screen view of the query (error text: server text, else
 * the fallback), and `setData` for writes that answer with the new state (it updates the cached query, so every
 * screen reading the key sees it).
 */
export function useAdminQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, fallback: string) {
  const client = useQueryClient();
  // A new key (the audit log's next page) keeps the previous data on screen until its own arrives.
  const q = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  return {
    ...queryView(q, (err) => describeError(err, fallback)),
    setData: (update: (data: T | null) => T) => client.setQueryData<T>(queryKey, (old) => update(old ?? null)),
  };
}
