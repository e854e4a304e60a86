import type {
  AdminMergeInput,
  AdminMergeResponse,
  AdminShopDeleteResponse,
  AdminStatsResponse,
  AdminShopItemInput,
  AdminShopItemPatch,
  AdminShopItemResponse,
  AdminShopItemsResponse,
  AdminSightDetailResponse,
  AdminSightPatch,
  AdminSightResponse,
  AdminSightSearchQuery,
  AdminSightSearchResponse,
  AdminStationsInput,
  AdminStationsResponse,
  AdminThemeResponse,
  AdminThemesResponse,
  AnalyticsResponse,
  AuditLogQuery,
  AuditLogResponse,
  ImageReviewResponse,
  NewsFields,
  NewsItemResponse,
  NewsListResponse,
  OnlineUsersResponse,
  PendingImagesResponse,
  RoadmapFields,
  RoadmapItemResponse,
  RoadmapListResponse,
  UserGrowthResponse,
} from '@wayfarer/contracts';
import { qs, request } from './request';

/**
 * Typed admin calls: spec point 7's news, roadmap and dashboard table, and the admin areas beyond it. Each takes
 * the bearer token last; the shapes are the zod schemas of @wayfarer/contracts that api/ validates with.
 */
type Token = string | null | undefined;
const withQuery = (path: string, p: Parameters<typeof qs>[0]) => {
  const s = qs(p);
  return s ? `${path}?${s}` : path;
};
const enc = encodeURIComponent;
const t = (token: Token) => token ?? undefined;

// ---- news (GET sends the token when there is one: drafts are for admins)
export const getAdminNews = (token: Token) => request<NewsListResponse>('/admin/news', { token: t(token) });
export const createAdminNews = (fields: NewsFields, token: Token) =>
  request<NewsItemResponse>('/admin/news', { method: 'POST', json: fields, token: t(token) });
export const updateAdminNews = (id: string, fields: Partial<NewsFields>, token: Token) =>
  request<NewsItemResponse>(`/admin/news/${enc(id)}`, { method: 'PUT', json: fields, token: t(token) });
export const deleteAdminNews = (id: string, token: Token) =>
  request<{ ok: true; message: string }>(`/admin/news/${enc(id)}`, { method: 'DELETE', token: t(token) });

// ---- roadmap
export const getAdminRoadmap = (token: Token) =>
  request<RoadmapListResponse>('/admin/roadmap', { token: t(token) });
export const createAdminRoadmapItem = (fields: RoadmapFields, token: Token) =>
  request<RoadmapItemResponse>('/admin/roadmap', { method: 'POST', json: fields, token: t(token) });
export const updateAdminRoadmapItem = (id: string, fields: Partial<RoadmapFields>, token: Token) =>
  request<RoadmapItemResponse>(`/admin/roadmap/${enc(id)}`, { method: 'PUT', json: fields, token: t(token) });
export const deleteAdminRoadmapItem = (id: string, token: Token) =>
  request<{ ok: true; message: string }>(`/admin/roadmap/${enc(id)}`, { method: 'DELETE', token: t(token) });
/** The ordered list; position_order follows the list index (1-based). */
export const reorderAdminRoadmap = (orderedIds: readonly string[], token: Token) =>
  request<{ ok: true; message: string }>('/admin/roadmap/reorder', {
    method: 'PUT',
    json: { items: orderedIds.map((id, i) => ({ id, position_order: i + 1 })) },
    token: t(token),
  });

// ---- dashboard
export const getAdminStats = (token: Token) =>
  request<AdminStatsResponse>('/admin/stats', { token: t(token) });
export const getAdminOnlineUsers = (token: Token) =>
  request<OnlineUsersResponse>('/admin/online-users', { token: t(token) });
export const getAdminUserGrowth = (period: 'day' | 'week' | 'month', token: Token) =>
  request<UserGrowthResponse>(withQuery('/admin/user-growth', { period }), { token: t(token) });
/** One series per call when `type` is given. */
export const getAdminAnalytics = (
  timeRange: 'daily' | 'weekly' | 'monthly',
  type: 'financial' | 'shop' | undefined,
  token: Token,
) => request<AnalyticsResponse>(withQuery('/admin/analytics', { timeRange, type }), { token: t(token) });

// ---- moderation
export const getAdminPendingImages = (token: Token) =>
  request<PendingImagesResponse>('/admin/images/pending', { token: t(token) });
export const reviewAdminImage = (id: string, action: 'approve' | 'reject', token: Token) =>
  request<ImageReviewResponse>(`/admin/images/${enc(id)}/${action}`, { method: 'POST', token: t(token) });
/** One transaction for the whole selection. */
export const reviewAdminImages = (ids: readonly string[], action: 'approve' | 'reject', token: Token) =>
  request<ImageReviewResponse>(`/admin/images/${action}`, { method: 'POST', json: { ids }, token: t(token) });
/** A signed, expiring URL for a stored image (spec point 7: GET /sights/images/sign/{path}). */
export const signAdminImagePreview = (storagePath: string, token: Token) =>
  request<{ url: string }>(`/sights/images/sign/${storagePath.split('/').map(enc).join('/')}`, {
    token: t(token),
  });

// ---- shop
export const getAdminShopItems = (token: Token) =>
  request<AdminShopItemsResponse>('/admin/shop/items', { token: t(token) });
export const createAdminShopItem = (body: AdminShopItemInput, token: Token) =>
  request<AdminShopItemResponse>('/admin/shop/items', { method: 'POST', json: body, token: t(token) });
export const updateAdminShopItem = (id: string, patch: AdminShopItemPatch, token: Token) =>
  request<AdminShopItemResponse>(`/admin/shop/items/${enc(id)}`, {
    method: 'PUT',
    json: patch,
    token: t(token),
  });
export const deleteAdminShopItem = (id: string, token: Token) =>
  request<AdminShopDeleteResponse>(`/admin/shop/items/${enc(id)}`, { method: 'DELETE', token: t(token) });

// ---- themes (the preview is per browser: setPreviewTheme in @wayfarer/session)
export const getAdminThemes = (token: Token) =>
  request<AdminThemesResponse>('/admin/themes', { token: t(token) });
export const activateAdminTheme = (id: string, token: Token) =>
  request<AdminThemeResponse>(`/admin/themes/${enc(id)}/activate`, { method: 'POST', token: t(token) });
export const setAdminThemeSeasonal = (id: string, is_seasonal: boolean, token: Token) =>
  request<AdminThemeResponse>(`/admin/themes/${enc(id)}`, {
    method: 'PUT',
    json: { is_seasonal },
    token: t(token),
  });

// ---- content management
export const searchAdminSights = (q: AdminSightSearchQuery, token: Token) =>
  request<AdminSightSearchResponse>(withQuery('/admin/sights', { ...q }), { token: t(token) });
export const getAdminSight = (id: string, token: Token) =>
  request<AdminSightDetailResponse>(`/admin/sights/${enc(id)}`, { token: t(token) });
export const updateAdminSight = (id: string, patch: AdminSightPatch, token: Token) =>
  request<AdminSightResponse>(`/admin/sights/${enc(id)}`, { method: 'PUT', json: patch, token: t(token) });
export const setAdminSightHidden = (id: string, hidden: boolean, token: Token) =>
  request<AdminSightResponse>(`/admin/sights/${enc(id)}/${hidden ? 'hide' : 'unhide'}`, {
    method: 'POST',
    token: t(token),
  });
export const saveAdminStations = (id: string, body: AdminStationsInput, token: Token) =>
  request<AdminStationsResponse>(`/admin/sights/${enc(id)}/stations`, {
    method: 'PUT',
    json: body,
    token: t(token),
  });
export const mergeAdminSights = (body: AdminMergeInput, token: Token) =>
  request<AdminMergeResponse>('/admin/sights/merge', { method: 'POST', json: body, token: t(token) });

// ---- audit log
export const getAdminAuditLog = (q: AuditLogQuery, token: Token) =>
  request<AuditLogResponse>(withQuery('/admin/audit-log', { ...q }), { token: t(token) });
