import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'shell',
  kind: 'host',
  port: 3000,
  title: 'Wayfarer — explore sights with narrated audio guides',
};
export default config;
