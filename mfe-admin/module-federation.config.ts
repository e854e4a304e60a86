import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'admin',
  kind: 'remote',
  port: 3004,
  title: 'Wayfarer Admin',
  exposes: { './App': './src/app/routes.tsx' },
  // Route path -> its page's webpackChunkName (src/app/routes.tsx), for the shell's preload of the route's page.
  pages: {
    '/admin': 'page-dashboard',
    '/admin/news': 'page-news',
    '/admin/roadmap': 'page-roadmap',
    '/admin/pending-images': 'page-pending-images',
    '/admin/shop': 'page-shop',
    '/admin/themes': 'page-themes',
    '/admin/content-management': 'page-content',
    '/admin/analytics': 'page-analytics',
    '/admin/analytics/logs': 'page-audit-log',
    '/admin/reports': 'page-reports',
  },
};
export default config;
