import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'admin',
  kind: 'remote',
  port: 3004,
  title: 'Wayfarer Admin',
  exposes: { './App': './src/app/routes.tsx' },
};
export default config;
