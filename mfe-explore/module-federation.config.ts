import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'explore',
  kind: 'remote',
  port: 3001,
  title: 'Wayfarer Explore',
  exposes: { './App': './src/app/routes.tsx' },
};
export default config;
