import { PUBLIC_DATA_KEYS } from '@wayfarer/contracts/browser';
import { useAdminList, type AdminListResource } from '../../../lib/use-admin-list';
import type { NewsFields, NewsItem } from '../types';
import { withCreated, withDeleted, withUpdated } from '../utils/news-list';
import { createNewsItem, deleteNewsItem, getNews, updateNewsItem } from './news-api';
import { newsKeys } from './keys';

/**
 * The admin news list (spec point 4): writes update the cached list in place, created news goes first, and the
 * public news lists of the same tab are marked stale.
 */
export const newsResource: AdminListResource<NewsItem, NewsFields> = {
  keys: newsKeys,
  list: getNews,
  create: createNewsItem,
  update: updateNewsItem,
  remove: deleteNewsItem,
  withCreated,
  withUpdated,
  withDeleted,
  fallback: {
    fetch: 'Failed to fetch news',
    create: 'Failed to create news',
    update: 'Failed to update news',
    remove: 'Failed to delete news',
  },
  publicKey: PUBLIC_DATA_KEYS.news,
};

export const useNewsList = () => useAdminList(newsResource);
