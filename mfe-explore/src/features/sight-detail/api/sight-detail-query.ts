import { useQuery } from '@wayfarer/query';
import { ApiError, getSightDetail } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { sightKeys } from '../../../lib/sight-cache';

export const DETAIL_ERROR = 'Failed to load sight.';

// An auth client that cannot give a token means no session: the detail is read without one.
const token = () => getAccessToken().catch(() => null);

/**
 * The sight of spec point 3 with its stations (GET /sights/detail/:id; api-client retries it once after 400 ms, not
 * after a 404). What the page shows of it: the first load, an update of a sight already shown (the cached copy stays
 * while it is read again), not found (404) or the spec's error.
 */
export function useSightDetail(id: string) {
  const q = useQuery({
    queryKey: sightKeys.detail(id),
    queryFn: async ({ signal }) => getSightDetail(id, await token(), signal),
    enabled: Boolean(id),
  });
  return {
    sight: q.data?.sight ?? null,
    stations: q.data?.stations ?? [],
    loading: q.isPending && q.fetchStatus !== 'idle',
    updating: q.isFetching && !q.isPending,
    notFound: q.error instanceof ApiError && q.error.status === 404,
    error: q.isError ? DETAIL_ERROR : null,
    /** What the read failed with (a network failure without a connection shows 'This needs a connection'). */
    cause: q.error,
    reload: () => void q.refetch(),
  };
}
