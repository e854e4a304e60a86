import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './playwright.config';
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
  testDir: './cluster',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  globalSetup: './cluster/global-setup.ts',
  reporter: [['list']],
  outputDir: `../.tmp/e2e-cluster-results-${offset}`,
  use: {
    baseURL: `http://localhost:${3000 + offset}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
