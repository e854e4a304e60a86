import type {
  ActiveThemeResponse,
  Comment,
  EnrichResult,
  GeocodePlace,
  NearbyResponse,
  NewsItem,
  RoadmapItem,
  ShopItem,
  Sight,
  SightDetailResponse,
} from '@wayfarer/contracts';
import { ApiError, qs, request } from './request';

type Token = string | null | undefined;

/** Typed calls of the product API (spec point 7); shapes come from @wayfarer/contracts. */
export const getNearbySights = (
  p: { lat: number; lon: number; km?: number; categories?: string; type?: string },
  signal?: AbortSignal,
) => request<NearbyResponse>(`/sights/nearby?${qs(p)}`, { timeoutMs: 20_000, signal });
export const getFeaturedSights = (limit = 12) =>
  request<{ items: Sight[] }>(`/sights/featured?${qs({ limit })}`);

/** The pause before the sight detail is asked for again (spec 7, 9). */
export const SIGHT_DETAIL_RETRY_MS = 400;

/**
 * GET /sights/detail/{id}: retried once after 400 ms (spec 7, 9), not after a 404; 20 s time-out. This retry replaces
 * request()'s own retry of a failed read (retryRead: false), so the detail is never asked for more than twice.
 */
export async function getSightDetail(
  id: string,
  token?: Token,
  signal?: AbortSignal,
): Promise<SightDetailResponse> {
  const once = () =>
    request<SightDetailResponse>(`/sights/detail/${encodeURIComponent(id)}`, {
      token: token ?? undefined,
      timeoutMs: 20_000,
      retryRead: false,
      signal,
    });
  let res: SightDetailResponse;
  try {
    res = await once();
  } catch (e) {
    if ((e instanceof ApiError && e.status === 404) || signal?.aborted) throw e;
    await new Promise((r) => setTimeout(r, SIGHT_DETAIL_RETRY_MS));
    res = await once();
  }
  if (!res?.sight) throw new ApiError('Not found', 404, res);
  // An answer without photos or stations (an older API copy) reads as none.
  return { ...res, sight: { ...res.sight, images: res.sight.images ?? [] }, stations: res.stations ?? [] };
}
export const enrichSight = (
  body: { sight_id: string; force?: boolean; max_images?: number; lat?: number; lon?: number },
  token: Token,
) =>
  request<EnrichResult>('/sights/enrich', {
    method: 'POST',
    json: body,
    token: token ?? undefined,
    timeoutMs: 20_000,
  });
/** POST /sights/enrich/batch, then its alias /sights/enrich-batch when that fails (spec point 7). */
export async function enrichSightsBatch(
  items: Array<{ sight_id: string; lat?: number; lon?: number }>,
  token: Token,
): Promise<EnrichResult[]> {
  // Each call states its method where it is made (the client is checked against the API's document call by call).
  const common = { json: { items }, token: token ?? undefined, timeoutMs: 25_000 };
  try {
    return await request<EnrichResult[]>('/sights/enrich/batch', { method: 'POST', ...common });
  } catch {
    return request<EnrichResult[]>('/sights/enrich-batch', { method: 'POST', ...common });
  }
}
export const geocode = (q: string, limit = 5) =>
  request<GeocodePlace[]>(`/geocode?${qs({ q, limit, format: 'json' })}`, { timeoutMs: 20_000 });
export const reverseGeocode = (lat: number, lon: number) =>
  request<GeocodePlace>(`/geocode/reverse?${qs({ lat, lon, zoom: 10, addressdetails: 1 })}`, {
    timeoutMs: 12_000,
  });
/** The first page of a sight's comments, oldest first; `next_cursor` leads on (listCommentsAfter). */
export const listComments = (sightId: string, token?: Token) =>
  request<{ items: Comment[]; next_cursor: string | null }>(
    `/sights/${encodeURIComponent(sightId)}/comments`,
    {
      token: token ?? undefined,
    },
  );
/**
 * The page of a sight's comments after `cursor` (a page's next_cursor), as many as the API gives at once (50; the
 * first page keeps the default size and a query-free URL, which a trip pack stores).
 */
export const listCommentsAfter = (sightId: string, cursor: string, token?: Token) =>
  request<{ items: Comment[]; next_cursor: string | null }>(
    `/sights/${encodeURIComponent(sightId)}/comments?${qs({ cursor, limit: 50 })}`,
    { token: token ?? undefined },
  );
export const postComment = (
  sightId: string,
  body: {
    body: string;
    rating?: number | null;
    parent_id?: string | null;
    mentions?: string[];
    idempotency_key?: string;
  },
  token: Token,
) =>
  request<{ id: string; created_at: string }>(`/sights/${encodeURIComponent(sightId)}/comments`, {
    method: 'POST',
    json: body,
    token: token ?? undefined,
  });
/** With an idempotency key (a UUID) the toggle is applied once for that key, however often it is sent. */
export const toggleCommentLike = (id: string, token: Token, idempotencyKey?: string) =>
  request<{ liked: boolean; likes_count: number }>(`/comments/${id}/like`, {
    method: 'POST',
    json: idempotencyKey ? { idempotency_key: idempotencyKey } : undefined,
    token: token ?? undefined,
  });
export const editComment = (id: string, body: { body?: string; rating?: number | null }, token: Token) =>
  request<{ ok: true }>(`/comments/${id}`, { method: 'PATCH', json: body, token: token ?? undefined });
export const deleteComment = (id: string, token: Token) =>
  request<{ ok: true }>(`/comments/${id}`, { method: 'DELETE', token: token ?? undefined });
export const getCurrency = (token: Token) =>
  request<{ currency: number }>('/users/currency', { token: token ?? undefined });
export const listShopItems = () => request<{ ok: true; items: ShopItem[] }>('/shop/items');
export const purchaseShopItem = (item_id: string, token: Token, idempotency_key?: string) =>
  request<{ ok: true; purchase_id: string; currency: number }>('/shop/purchase', {
    method: 'POST',
    json: { item_id, idempotency_key },
    token: token ?? undefined,
  });
export const getActiveTheme = () => request<ActiveThemeResponse>('/active-theme', { timeoutMs: 10_000 });
/** POST /presence/heartbeat: this signed-in tab is open (the admin's online users); `path` is optional. */
export const sendHeartbeat = (session_id: string, path: string | undefined, token?: Token) =>
  request<{ ok: true }>('/presence/heartbeat', {
    method: 'POST',
    json: { session_id, path },
    token: token ?? undefined,
    timeoutMs: 10_000,
  });
export const getPublicNews = () => request<{ ok: true; news: NewsItem[] }>('/news');
export const getPublicNewsItem = (id: string) =>
  request<{ ok: true; news: NewsItem }>(`/news/${encodeURIComponent(id)}`);
export const getPublicRoadmap = () => request<{ ok: true; roadmap: RoadmapItem[] }>('/roadmap');
