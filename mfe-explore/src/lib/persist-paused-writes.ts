import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@wayfarer/query';

/**
 * Keeps the queued writes of one mutation scope across a reload: TanStack Query's own dehydrate and
 * hydrate, written to localStorage on every change of the mutation cache and read back once at start, before the
 * paused mutations are resumed. (`@tanstack/query-persist-client-core` does the same for a whole client, but its
 * releases pin an older query-core than the one the page shares.) Loaded lazily: it is not on the first load.
 */
const started = new WeakSet<QueryClient>();

interface Stored {
  v: 1;
  mutations: DehydratedState['mutations'];
}

export function persistPausedWrites(
  client: QueryClient,
  {
    storageKey,
    scopeId,
    storage = globalThis.localStorage,
  }: { storageKey: string; scopeId: string; storage?: Storage },
): void {
  if (started.has(client) || !storage) return;
  started.add(client);
  restore(client, storage, storageKey);
  const save = () => {
    const { mutations } = dehydrate(client, {
      shouldDehydrateQuery: () => false,
      // Pending, paused or not: one in flight when the page closed is sent again, and its key makes that harmless.
      shouldDehydrateMutation: (m) => m.state.status === 'pending' && m.options.scope?.id === scopeId,
    });
    try {
      if (mutations.length) storage.setItem(storageKey, JSON.stringify({ v: 1, mutations } satisfies Stored));
      else storage.removeItem(storageKey);
    } catch (e) {
      console.warn('offline writes not saved', e);
    }
  };
  client.getMutationCache().subscribe(save);
  save();
  // Sent now when online; otherwise the client resumes them when the connection returns.
  void client.resumePausedMutations();
}

function restore(client: QueryClient, storage: Storage, storageKey: string): void {
  let stored: Stored | null = null;
  try {
    stored = JSON.parse(storage.getItem(storageKey) ?? 'null') as Stored | null;
  } catch {
    stored = null;
  }
  if (stored?.v !== 1 || !Array.isArray(stored.mutations) || stored.mutations.length === 0) return;
  // Every restored write waits for its turn as a paused mutation; resumePausedMutations sends them in order.
  const mutations = stored.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } }));
  hydrate(client, { queries: [], mutations });
}
