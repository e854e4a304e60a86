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
  // What / looks like before its code has run, painted by the shell's HTML (features/home/first-screen.ts).
  firstScreens: { '/': './src/features/home/first-screen.ts' },
};
export default config;
