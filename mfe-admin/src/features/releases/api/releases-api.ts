import type { ReleaseResponse, ReleasesResponse, RemoteName, RemoteRollout } from '@wayfarer/contracts';
import { adminRequest } from '../../../lib/admin-request';

export type { Release, RemoteRollout, ReleasesResponse } from '@wayfarer/contracts';

/** /admin/releases: each remote's rollout and versions; the writes answer the remote's new rollout. */
export const getReleases = (): Promise<ReleasesResponse> => adminRequest<ReleasesResponse>('/admin/releases');

const write = async (remote: RemoteName, action: string, json?: unknown): Promise<RemoteRollout> =>
  (
    await adminRequest<ReleaseResponse>(`/admin/releases/${remote}/${action}`, {
      method: 'POST',
      json: json ?? {},
    })
  ).rollout;

export const promoteRelease = (remote: RemoteName, version: string) => write(remote, 'promote', { version });
export const rollbackRelease = (remote: RemoteName, version: string | null) =>
  write(remote, 'rollback', { version });
export const startCanary = (remote: RemoteName, version: string, percent: number) =>
  write(remote, 'canary', { version, percent });
export const stopCanary = (remote: RemoteName) => write(remote, 'canary/stop');
