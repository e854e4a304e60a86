import { useMutation, useQueryClient } from '@wayfarer/query';
import type { RemoteName, RemoteRollout } from '@wayfarer/contracts';
import { adminReleasesKeys } from './keys';
import {
  promoteRelease,
  rollbackRelease,
  startCanary,
  stopCanary,
  type ReleasesResponse,
} from './releases-api';

export type ReleaseAction =
  | { kind: 'promote'; remote: RemoteName; version: string }
  | { kind: 'rollback'; remote: RemoteName; version: string | null }
  | { kind: 'canary'; remote: RemoteName; version: string; percent: number }
  | { kind: 'stop-canary'; remote: RemoteName };

function run(a: ReleaseAction): Promise<RemoteRollout> {
  switch (a.kind) {
    case 'promote':
      return promoteRelease(a.remote, a.version);
    case 'rollback':
      return rollbackRelease(a.remote, a.version);
    case 'canary':
      return startCanary(a.remote, a.version, a.percent);
    case 'stop-canary':
      return stopCanary(a.remote);
  }
}

/** Promote, roll back, start or stop a canary: the cached list takes the remote's new rollout from the answer. */
export function useReleaseAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (rollout) =>
      qc.setQueryData<ReleasesResponse>(adminReleasesKeys.all, (old) =>
        old ? { ...old, remotes: old.remotes.map((r) => (r.remote === rollout.remote ? rollout : r)) } : old,
      ),
  });
}
