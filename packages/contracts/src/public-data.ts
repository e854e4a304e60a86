/**
 * Public data that the marketing remote shows and the admin remote writes, in the one shared QueryClient.
 *
 * Marketing keeps these lists fresh for PUBLIC_DATA_STALE_MS: a visitor who goes back to / or /news within that
 * time sees the cached list at once and no second read of it competes with the next page's render. So that an
 * admin who publishes news and then opens /news in the same tab sees it, the admin remote marks the keys below
 * stale after each write of that resource (a prefix: every query under it).
 */
export const PUBLIC_DATA_STALE_MS = 60_000;

export const PUBLIC_DATA_KEYS = {
  /** Published news (the home page's latest news, /news and a news item). */
  news: ['news', 'published'],
} as const;
