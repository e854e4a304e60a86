import { defineConfig } from '@playwright/test';
import { runnerDefaults } from './playwright.config';
import { clusterE2eOffset } from './src/offset';

const offset = clusterE2eOffset();
// The shared helpers (fixtures.ts stackInfo, helpers.ts) find the shell on 3000+N and the API on 4000+N for
// E2E_PORT_OFFSET=N: the cluster's shell and its balancer are exactly there for its offset. Set here, before the
// workers start, so they inherit it.
process.env.E2E_PORT_OFFSET = String(offset);
// The specs list the bucket with @aws-sdk/client-s3 (as the API does); its Node 20 notice is not a test result.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * The cluster browser tests: the layout of `pnpm start:cluster` (scripts/lib/cluster.ts) started by
 * cluster/global-setup.ts on PostgreSQL, two API copies and a guide worker behind nginx, media in a local S3.
 */
export default defineConfig({
  ...runnerDefaults(offset),
  testDir: './cluster',
  globalSetup: './cluster/global-setup.ts',
  outputDir: `../.tmp/e2e-cluster-results-${offset}`,
});
