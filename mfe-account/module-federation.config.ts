import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'account',
  kind: 'remote',
  port: 3002,
  title: 'Wayfarer Account',
  exposes: { './App': './src/app/routes.tsx' },
  // Route path -> its page's webpackChunkName (src/app/routes.tsx), for the shell's preload of the route's page.
  pages: {
    '/login': 'page-login',
    '/account': 'page-account',
    '/shop': 'page-shop',
    '/overview': 'page-overview',
    '/subscribe': 'page-subscribe',
  },
};
export default config;
