import { ApiError, request } from '@wayfarer/api-client';
import type { Sight, SightComment, Station } from '../types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /sights/detail/{id}; retried once after 400 ms, 20 s timeout (spec 7, 9). A 404 is not retried. */
export async function getSightDetail(
  id: string,
  token: string | null,
): Promise<{ sight: Sight; stations: Station[] }> {
  const once = () =>
    request<{ sight: Sight; stations?: Station[] }>(`/sights/detail/${encodeURIComponent(id)}`, {
      token,
      timeoutMs: 20_000,
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

export async function getComments(sightId: string, token: string | null): Promise<SightComment[]> {
  const res = await request<{ items?: SightComment[] }>(`/sights/${encodeURIComponent(sightId)}/comments`, { token });
  return res.items ?? [];
}

export async function postComment(
  sightId: string,
  token: string,
  input: { body: string; rating: number | null; parent_id: string | null; mentions?: string[] },
): Promise<{ id: string; created_at: string }> {
  return request(`/sights/${encodeURIComponent(sightId)}/comments`, {
    method: 'POST',
    token,
    json: { mentions: [], ...input },
  });
}

export async function likeComment(id: string, token: string): Promise<{ liked: boolean; likes_count?: number }> {
  return request(`/comments/${encodeURIComponent(id)}/like`, { method: 'POST', token });
}

export async function patchComment(id: string, token: string, input: { body: string; rating: number | null }) {
  return request<Record<string, unknown>>(`/comments/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    token,
    json: input,
  });
}

export async function deleteComment(id: string, token: string) {
  return request<Record<string, unknown>>(`/comments/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}

/** POST /sights/generate-guide (120 s). Payload fields are not in the spec; sight_id is what the API reads. */
export async function generateGuide(sightId: string, token: string): Promise<{ stations?: Station[] } & Record<string, unknown>> {
  return request(`/sights/generate-guide`, {
    method: 'POST',
    token,
    json: { sight_id: sightId },
    timeoutMs: 120_000,
  });
}
