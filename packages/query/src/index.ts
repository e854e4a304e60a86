/**
 * The part of TanStack Query the apps use, shared between the shell and the remotes as one Module Federation
 * singleton (one QueryClient context for the whole page; the client itself is `@wayfarer/session`'s).
 *
 * A shared module cannot be tree-shaken: its provider does not know which exports a remote will ask for, so
 * sharing `@tanstack/react-query` itself shipped all of it (suspense, infinite and parallel queries, hydration,
 * streamed queries) to every visitor. Sharing this narrow entry instead lets the shell's build keep only what is
 * named here, as `@wayfarer/router` does for react-router. App code imports server-data hooks from
 * `@wayfarer/query` only (an ESLint rule says so); a remote that needs another export adds it here, which makes it
 * part of the shared contract (SHARED_SINGLETONS). `onlineManager`, `dehydrate` and `hydrate` are explore's queued
 * offline writes: paused mutations, kept in localStorage and resumed when the connection returns.
 */
export {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  hydrate,
  keepPreviousData,
  onlineManager,
  queryOptions,
  useIsMutating,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { DehydratedState, Mutation, QueryKey, UseQueryResult } from '@tanstack/react-query';
