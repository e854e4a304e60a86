import type { UseQueryResult } from '@wayfarer/query';

/** What a screen shows of one query: its data (kept while re-fetching), loading while a fetch runs, the error text. */
export interface QueryView<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The screen view of a query; `describe` turns its error into the text shown (the app's error-text rule). */
export function queryView<T>(q: UseQueryResult<T>, describe: (err: unknown) => string): QueryView<T> {
  return {
    data: q.data ?? null,
    loading: q.isFetching,
    error: q.error ? describe(q.error) : null,
    reload: () => void q.refetch(),
  };
}
