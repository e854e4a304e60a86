import { QueryClient } from '@wayfarer/query';

/**
 * The options every QueryClient of the product uses. No automatic retries and no refetch on window focus: a
 * failed read shows its error at once (the spec's messages), and a page re-reads when it mounts, as before (a
 * query may keep its data fresh longer: marketing's public lists, PUBLIC_DATA_STALE_MS).
 * Reads are tried offline as well (networkMode offlineFirst), so nothing waits for ever for a connection.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a read runs without a connection too (the service worker may answer it from a
      // downloaded pack) and fails at once when nothing does, instead of waiting paused for the network.
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

/**
 * The one server-data cache of a page. `@wayfarer/session` is a shared singleton, so the shell and every remote
 * get this same instance; the shell (and a remote's standalone harness) provides it with QueryClientProvider.
 */
export const queryClient = createQueryClient();
