import { useMutation, useQuery, useQueryClient } from '@wayfarer/query';
import { getMySightReports, reportStation } from '@wayfarer/api-client';
import type { StationReportInput } from '@wayfarer/contracts';
import { getAccessToken } from '@wayfarer/session';
import { tExplore } from '../../../i18n';

/** Query keys of the trust loop. */
export const trustKeys = {
  all: ['trust'] as const,
  mine: (sightId: string) => ['trust', 'mine', sightId] as const,
};

const token = () => getAccessToken().catch(() => null);

/** The signed-in listener's reports on their guide's stations for the sight, with their outcomes. */
export function useMySightReports(sightId: string, enabled = true) {
  return useQuery({
    queryKey: trustKeys.mine(sightId),
    queryFn: async () => (await getMySightReports(sightId, await token())).items,
    enabled: enabled && Boolean(sightId),
  });
}

/** Files a report on a station; the sight's list of the listener's reports is read again after it. */
export function useReportStation(sightId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ stationId, input }: { stationId: string; input: StationReportInput }) => {
      const t = await token();
      if (!t) throw new Error(tExplore('trust.signIn'));
      return reportStation(stationId, input, t);
    },
    onSettled: () => client.invalidateQueries({ queryKey: trustKeys.mine(sightId) }),
  });
}
