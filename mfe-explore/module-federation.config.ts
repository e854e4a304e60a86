import type { AppFederationConfig } from '@wayfarer/mf-config';
import { NOT_TOUCH_FIRST_QUERY } from './src/features/nearby/utils/touch-first-query';

const config: AppFederationConfig = {
  name: 'explore',
  kind: 'remote',
  port: 3001,
  title: 'Wayfarer Explore',
  exposes: { './App': './src/app/routes.tsx' },
  // Route path -> its page's webpackChunkName (src/app/routes.tsx), for the shell's preload of the route's page.
  // The map's code only where the map starts by itself: a touch-first device waits for a tap (explore-page.tsx).
  pages: {
    '/explore': ['page-explore', { chunk: 'explore-map', media: NOT_TOUCH_FIRST_QUERY }],
    '/explore/:placeId': 'page-sight-detail',
    '/downloads': 'page-downloads',
  },
  // What /explore looks like before its code has run, painted by the shell's HTML (first-screen.ts).
  firstScreens: { '/explore': './src/features/nearby/first-screen.ts' },
};
export default config;
