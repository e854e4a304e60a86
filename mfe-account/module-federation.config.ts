import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'account',
  kind: 'remote',
  port: 3002,
  title: 'Wayfarer Account',
  exposes: { './App': './src/app/routes.tsx' },
};
export default config;
