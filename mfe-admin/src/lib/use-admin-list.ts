import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryKey } from '@wayfarer/query';
import { useWriteErrors } from './use-write-errors';

/** One admin list resource (news, roadmap): its query keys, calls, list rules and the spec's fallback messages. */
export interface AdminListResource<T extends { id: string }, F> {
  keys: { all: QueryKey; list: () => QueryKey };
  list: () => Promise<T[]>;
  create: (fields: F) => Promise<T>;
  update: (id: string, fields: Partial<F>) => Promise<T>;
  remove: (id: string) => Promise<void>;
  /** Where a created item goes, an updated one lands, a deleted one leaves (spec point 4). */
  withCreated: (items: readonly T[], item: T) => T[];
  withUpdated: (items: readonly T[], item: T) => T[];
  withDeleted: (items: readonly T[], id: string) => T[];
  fallback: { fetch: string; create: string; update: string; remove: string };
  /** Another remote's cached view of this resource (PUBLIC_DATA_KEYS), marked stale after every write. */
  publicKey?: QueryKey;
}

const NONE: never[] = [];

/**
 * An admin list screen's data through the shared QueryClient: the list query, create/update/delete mutations
 * whose answers update the cached list in place (no re-fetch), a loading flag (a read or any write of the
 * resource running), one clearable error (server text, else the spec's fallback), initialized after the first
 * good fetch. Each write resolves to its result, or null (false for a delete) with its message in `error`.
 */
export function useAdminList<T extends { id: string }, F>(r: AdminListResource<T, F>) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: r.keys.list(), queryFn: r.list });
  const setList = (update: (items: T[]) => T[]) => {
    qc.setQueryData<T[]>(r.keys.list(), (old) => update(old ?? []));
    if (r.publicKey) void qc.invalidateQueries({ queryKey: r.publicKey });
  };
  const create = useMutation({
    mutationKey: r.keys.all,
    mutationFn: r.create,
    onSuccess: (item) => setList((l) => r.withCreated(l, item)),
  });
  const update = useMutation({
    mutationKey: r.keys.all,
    mutationFn: ({ id, fields }: { id: string; fields: Partial<F> }) => r.update(id, fields),
    onSuccess: (item) => setList((l) => r.withUpdated(l, item)),
  });
  const remove = useMutation({
    mutationKey: r.keys.all,
    mutationFn: r.remove,
    onSuccess: (_v, id) => setList((l) => r.withDeleted(l, id)),
  });
  const writing = useIsMutating({ mutationKey: r.keys.all }) > 0;
  const { error, clearError, run } = useWriteErrors(list.error, r.fallback.fetch);

  return {
    items: list.data ?? (NONE as T[]),
    initialized: list.data !== undefined,
    loading: list.isFetching || writing,
    error,
    clearError,
    /** Runs another write of this resource with the same error slot. */
    run,
    create: (fields: F) => run(() => create.mutateAsync(fields), r.fallback.create),
    update: (id: string, fields: Partial<F>) =>
      run(() => update.mutateAsync({ id, fields }), r.fallback.update),
    remove: async (id: string) =>
      (await run(async () => (await remove.mutateAsync(id), true), r.fallback.remove)) === true,
  };
}
