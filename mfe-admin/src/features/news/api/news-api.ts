import { adminRequest } from '../../../lib/admin-request';
import type { NewsFields, NewsItem } from '../types';

interface NewsListResponse { ok?: boolean; news?: NewsItem[] }
interface NewsOneResponse { ok?: boolean; news?: NewsItem; message?: string }

/** GET /admin/news (token optional: sent when present). */
export async function getAdminNews(): Promise<NewsItem[]> {
  const res = await adminRequest<NewsListResponse>('/admin/news', { requireToken: false });
  return Array.isArray(res.news) ? res.news : [];
}

export async function createNewsItem(fields: NewsFields): Promise<NewsItem> {
  const res = await adminRequest<NewsOneResponse>('/admin/news', { method: 'POST', json: fields });
  if (!res.news) throw new Error(res.message || 'Failed to create news');
  return res.news;
}

export async function updateNewsItem(id: string, fields: Partial<NewsFields>): Promise<NewsItem> {
  const res = await adminRequest<NewsOneResponse>(`/admin/news/${encodeURIComponent(id)}`, { method: 'PUT', json: fields });
  if (!res.news) throw new Error(res.message || 'Failed to update news');
  return res.news;
}

export async function deleteNewsItem(id: string): Promise<void> {
  await adminRequest<{ ok?: boolean }>(`/admin/news/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const newsApi = { list: getAdminNews, create: createNewsItem, update: updateNewsItem, remove: deleteNewsItem };
export type NewsApi = typeof newsApi;
