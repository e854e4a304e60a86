import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@wayfarer/query';
import { createQueryClient } from '../query-client';

/**
 * Tests only: a fresh QueryClient (the product's options) and a wrapper that provides it, as the shell does, so
 * no cached data leaks from one test into the next. `render(ui, { wrapper: withQueryClient().wrapper })`.
 */
export function withQueryClient(client: QueryClient = createQueryClient()) {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }
  return { client, wrapper };
}
