import { createAdminNews, deleteAdminNews, getAdminNews, updateAdminNews } from '@wayfarer/api-client';
import { withAdminToken } from '../../../lib/admin-request';
import type { NewsFields, NewsItem } from '../types';

/** GET /admin/news (the token is sent when present: drafts are for admins). */
export const getNews = async (): Promise<NewsItem[]> =>
  (await withAdminToken(getAdminNews, { requireToken: false })).news;
export const createNewsItem = async (fields: NewsFields): Promise<NewsItem> =>
  (await withAdminToken((t) => createAdminNews(fields, t))).news;
export const updateNewsItem = async (id: string, fields: Partial<NewsFields>): Promise<NewsItem> =>
  (await withAdminToken((t) => updateAdminNews(id, fields, t))).news;
export const deleteNewsItem = async (id: string): Promise<void> =>
  void (await withAdminToken((t) => deleteAdminNews(id, t)));
