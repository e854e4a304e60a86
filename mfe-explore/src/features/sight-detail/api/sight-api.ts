import { ApiError, request } from '@wayfarer/api-client';
import type { Sight, Station } from '../types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * GET /sights/detail/{id}; retried once after 400 ms, 20 s timeout (spec 7, 9). A 404 is not retried. This retry
 * covers request()'s own retry of a failed read (retryRead: false), so the detail is never asked for more than twice.
 */
export async function getSightDetail(
  id: string,
  token: string | null,
): Promise<{ sight: Sight; stations: Station[] }> {
  const once = () =>
    request<{ sight: Sight; stations?: Station[] }>(`/sights/detail/${encodeURIComponent(id)}`, {
      token,
      timeoutMs: 20_000,
      retryRead: false,
    });
  let res;
  try {
    res = await once();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw e;
    await sleep(400);
    res = await once();
  }
  if (!res?.sight) throw new ApiError('Not found', 404, res);
  return { sight: res.sight, stations: res.stations ?? [] };
}
