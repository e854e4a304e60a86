import { keepPreviousData, useQuery, type QueryKey } from '@wayfarer/query';
import { errorText } from '@wayfarer/api-client';
import { queryView } from '@wayfarer/session';

/**
 * An admin read through the one QueryClient, as a screen shows it (error text: server text, else the fallback).
 * Writes are mutations that update the cached query (see each feature's *-queries.ts).
 */
export function useAdminQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, fallback: string) {
  // A new key (the audit log's next page) keeps the previous data on screen until its own arrives.
  const q = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
  return queryView(q, (err) => errorText(err, fallback));
}
