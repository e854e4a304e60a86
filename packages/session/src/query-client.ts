import { QueryClient } from '@wayfarer/query';

/**
 * The options every QueryClient of the product uses. No automatic retries and no refetch on window focus: a
 * failed read shows its error at once (the spec's messages), and a page re-reads when it mounts, as before.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The one server-data cache of a page. `@wayfarer/session` is a shared singleton, so the shell and every remote
 * get this same instance; the shell (and a remote's standalone harness) provides it with QueryClientProvider.
 */
export const queryClient = createQueryClient();
