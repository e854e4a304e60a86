// The news feature's public API: the published news and its card (the home and invest pages show them).
export { publishedNewsQuery, usePublishedNews } from './api/news-queries';
export { NewsCard } from './news-card';
export { LatestNews } from './latest-news';
