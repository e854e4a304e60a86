import type {
  AdminMergeInput,
  AdminMergeResponse,
  AdminShopDeleteResponse,
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
  PendingImagesResponse,
} from '@wayfarer/contracts';
import { qs, request } from './request';

/**
 * Typed admin calls beyond spec point 7's news/roadmap/dashboard table. Each takes the bearer token last; the
 * shapes are the zod schemas of @wayfarer/contracts that api/ validates with.
 */
type Token = string | null | undefined;
const withQuery = (path: string, p: Parameters<typeof qs>[0]) => {
  const s = qs(p);
  return s ? `${path}?${s}` : path;
};
const enc = encodeURIComponent;
const t = (token: Token) => token ?? undefined;

// ---- dashboard analytics (one series per call when `type` is given)
export const getAdminAnalytics = (timeRange: 'daily' | 'weekly' | 'monthly', type: 'financial' | 'shop' | undefined, token: Token) =>
  request<AnalyticsResponse>(withQuery('/admin/analytics', { timeRange, type }), { token: t(token) });

// ---- moderation
export const getAdminPendingImages = (token: Token) => request<PendingImagesResponse>('/admin/images/pending', { token: t(token) });
export const reviewAdminImage = (id: string, action: 'approve' | 'reject', token: Token) =>
  request<ImageReviewResponse>(`/admin/images/${enc(id)}/${action}`, { method: 'POST', token: t(token) });
/** One transaction for the whole selection. */
export const reviewAdminImages = (ids: readonly string[], action: 'approve' | 'reject', token: Token) =>
  request<ImageReviewResponse>(`/admin/images/${action}`, { method: 'POST', json: { ids }, token: t(token) });
/** A signed, expiring URL for a stored image (spec point 7: GET /sights/images/sign/{path}). */
export const signAdminImagePreview = (storagePath: string, token: Token) =>
  request<{ url: string }>(`/sights/images/sign/${storagePath.split('/').map(enc).join('/')}`, { token: t(token) });

// ---- shop
export const getAdminShopItems = (token: Token) => request<AdminShopItemsResponse>('/admin/shop/items', { token: t(token) });
export const createAdminShopItem = (body: AdminShopItemInput, token: Token) =>
  request<AdminShopItemResponse>('/admin/shop/items', { method: 'POST', json: body, token: t(token) });
export const updateAdminShopItem = (id: string, patch: AdminShopItemPatch, token: Token) =>
  request<AdminShopItemResponse>(`/admin/shop/items/${enc(id)}`, { method: 'PUT', json: patch, token: t(token) });
export const deleteAdminShopItem = (id: string, token: Token) =>
  request<AdminShopDeleteResponse>(`/admin/shop/items/${enc(id)}`, { method: 'DELETE', token: t(token) });

// ---- themes (the preview is per browser: setPreviewTheme in @wayfarer/session)
export const getAdminThemes = (token: Token) => request<AdminThemesResponse>('/admin/themes', { token: t(token) });
export const activateAdminTheme = (id: string, token: Token) =>
  request<AdminThemeResponse>(`/admin/themes/${enc(id)}/activate`, { method: 'POST', token: t(token) });
export const setAdminThemeSeasonal = (id: string, is_seasonal: boolean, token: Token) =>
  request<AdminThemeResponse>(`/admin/themes/${enc(id)}`, { method: 'PUT', json: { is_seasonal }, token: t(token) });

// ---- content management
export const searchAdminSights = (q: AdminSightSearchQuery, token: Token) =>
  request<AdminSightSearchResponse>(withQuery('/admin/sights', { ...q }), { token: t(token) });
export const getAdminSight = (id: string, token: Token) => request<AdminSightDetailResponse>(`/admin/sights/${enc(id)}`, { token: t(token) });
export const updateAdminSight = (id: string, patch: AdminSightPatch, token: Token) =>
  request<AdminSightResponse>(`/admin/sights/${enc(id)}`, { method: 'PUT', json: patch, token: t(token) });
export const setAdminSightHidden = (id: string, hidden: boolean, token: Token) =>
  request<AdminSightResponse>(`/admin/sights/${enc(id)}/${hidden ? 'hide' : 'unhide'}`, { method: 'POST', token: t(token) });
export const saveAdminStations = (id: string, body: AdminStationsInput, token: Token) =>
  request<AdminStationsResponse>(`/admin/sights/${enc(id)}/stations`, { method: 'PUT', json: body, token: t(token) });
export const mergeAdminSights = (body: AdminMergeInput, token: Token) =>
  request<AdminMergeResponse>('/admin/sights/merge', { method: 'POST', json: body, token: t(token) });

// ---- audit log
export const getAdminAuditLog = (q: AuditLogQuery, token: Token) => request<AuditLogResponse>(withQuery('/admin/audit-log', { ...q }), { token: t(token) });
