import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'marketing',
  kind: 'remote',
  port: 3003,
  title: 'Wayfarer',
  exposes: { './App': './src/app/routes.tsx' },
  // Route path -> its page's webpackChunkName (src/app/routes.tsx), for the shell's preload of the route's page.
  pages: {
    '/': 'page-home',
    '/invest': 'page-invest',
    '/about': 'page-about',
    '/pricing': 'page-pricing',
    '/privacy-policy': 'page-privacy',
    '/terms': 'page-legal',
    '/cookie-policy': 'page-legal',
    '/dsar': 'page-legal',
    '/news': 'page-news',
    '/news/:newsId': 'page-news-item',
  },
};
export default config;
