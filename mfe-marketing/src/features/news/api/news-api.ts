import { ApiError, getPublicNews, getPublicNewsItem } from '@wayfarer/api-client';
import type { NewsItem } from '@wayfarer/contracts';
import { formatters } from '@wayfarer/i18n';

export type { NewsItem };

const when = (n: NewsItem) => Date.parse(n.published_at ?? n.created_at) || 0;
export const newsText = (n: NewsItem): string => n.body;

/** GET /news: published news; drafts are filtered again and the order enforced (newest first). */
export async function fetchPublishedNews(): Promise<NewsItem[]> {
  const res = await getPublicNews();
  const list = Array.isArray(res.news) ? res.news : [];
  return list.filter((n) => n.is_published === true).sort((a, b) => when(b) - when(a));
}

/** GET /news/{id}: null when it does not exist, is a draft, or the id is malformed. */
export async function fetchNewsItem(id: string): Promise<NewsItem | null> {
  try {
    const res = await getPublicNewsItem(id);
    return res.news && res.news.is_published !== false ? res.news : null;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return null;
    throw e;
  }
}

const NEWS_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * A post's date in the locale ('27 November 2026'), through the shared `Intl` formatter cache: one
 * `toLocaleDateString` per card made a new DateTimeFormat each time (a third of the home page's longest task).
 */
export function newsDate(n: NewsItem, locale = 'en'): string {
  const d = new Date(n.published_at ?? n.created_at);
  return Number.isNaN(d.getTime()) ? '' : formatters(locale).date(d, NEWS_DATE);
}
