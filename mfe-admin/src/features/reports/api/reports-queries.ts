import { useMutation, useQueryClient } from '@wayfarer/query';
import {
  dismissReport,
  fixReportedStation,
  getAdminReports,
  hideReportedStation,
  regenerateReportedStation,
} from '@wayfarer/api-client';
import type {
  AdminReportFixInput,
  AdminReportResolveResponse,
  AdminReportsResponse,
} from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { reportKeys } from './keys';

/** Listeners' reports on guide stations, by status (one page of 50). */
export function useReports(status: 'open' | 'resolved') {
  return useAdminQuery<AdminReportsResponse>(
    reportKeys.list(status),
    () => withAdminToken((t) => getAdminReports({ status, pageSize: 50 }, t), { requireToken: false }),
    'Failed to load reports',
  );
}

export type ReportAction =
  | { kind: 'fix'; input: AdminReportFixInput }
  | { kind: 'regenerate' }
  | { kind: 'hide' }
  | { kind: 'dismiss' };

/** An admin's action on a report; both lists are read again after it (the report moves to the resolved ones). */
export function useReportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportAction }): Promise<AdminReportResolveResponse> =>
      withAdminToken((t) => {
        switch (action.kind) {
          case 'fix':
            return fixReportedStation(id, action.input, t);
          case 'regenerate':
            return regenerateReportedStation(id, t);
          case 'hide':
            return hideReportedStation(id, t);
          default:
            return dismissReport(id, t);
        }
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
