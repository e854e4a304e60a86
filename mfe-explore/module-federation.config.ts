import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'explore',
  kind: 'remote',
  port: 3001,
  title: 'Wayfarer Explore',
  exposes: { './App': './src/app/routes.tsx' },
  // Route path -> its page's webpackChunkName (src/app/routes.tsx), for the shell's preload of the route's page.
  pages: {
    '/explore': ['page-explore', 'explore-map'],
    '/explore/:placeId': 'page-sight-detail',
    '/downloads': 'page-downloads',
  },
};
export default config;
