import { useQuery } from '@wayfarer/query';
import { getAdminListening } from '@wayfarer/api-client';
import { queryView } from '@wayfarer/session';
import { describeError, withAdminToken } from '../../../lib/admin-request';

export const listeningKeys = {
  all: ['admin', 'listening'] as const,
  range: (days: number) => ['admin', 'listening', days] as const,
};

/** Listening per guide and per station over the last `days` days. */
export function useListening(days: number) {
  const q = useQuery({
    queryKey: listeningKeys.range(days),
    queryFn: () => withAdminToken((t) => getAdminListening({ days }, t), { requireToken: false }),
  });
  return queryView(q, (err) => describeError(err, 'Failed to load listening data'));
}
