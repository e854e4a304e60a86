import { defineConfig } from '@playwright/test';
import { e2eOffset } from './src/offset';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const offset = e2eOffset();

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  // One worker: the stack is shared and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  globalSetup: './global-setup.ts',
  reporter: [['list']],
  // One folder per port block: concurrent runs (other offsets) must not clear each other's traces.
  outputDir: offset === 10 ? '../.tmp/e2e-results' : `../.tmp/e2e-results-${offset}`,
  use: {
    baseURL: `http://localhost:${3000 + offset}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
