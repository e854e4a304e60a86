import type { RemoteMapResponse } from '@wayfarer/contracts';
import { REMOTE_MAP_TIMEOUT_MS } from '@wayfarer/contracts/browser';
import { qs, request } from './request';

/**
 * GET /releases/remote-map: each remote's base URL and version for this release session (the active
 * version, or a canary for the share of sessions it has). The shell asks once per page load, at the API its
 * runtime config names (`base`; else the usual API base), with a short time-out and no second attempt: when the
 * registry cannot answer, it falls back at once to the map it was served with.
 */
export function getRemoteMap(
  session: string,
  { base, timeoutMs = REMOTE_MAP_TIMEOUT_MS }: { base?: string; timeoutMs?: number } = {},
): Promise<RemoteMapResponse> {
  const origin = base ? base.replace(/\/+$/, '') : '';
  return request<RemoteMapResponse>(`${origin}/releases/remote-map?${qs({ session })}`, {
    cache: 'no-store',
    timeoutMs,
    retryRead: false,
  });
}
