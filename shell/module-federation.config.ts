import path from 'node:path';
import type { AppFederationConfig } from '@wayfarer/mf-config';

const config: AppFederationConfig = {
  name: 'shell',
  kind: 'host',
  port: 3000,
  title: 'Wayfarer — explore sights with narrated audio guides',
  runtimePlugins: [path.resolve(import.meta.dirname, 'src/mf/runtime-plugin.ts')],
};
export default config;
