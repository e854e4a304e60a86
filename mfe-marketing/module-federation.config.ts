import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'marketing',
  kind: 'remote',
  port: 3003,
  title: 'Wayfarer',
  exposes: { './App': './src/app/routes.tsx' },
};
export default config;
