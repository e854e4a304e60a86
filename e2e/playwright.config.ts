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

/**
 * What both browser-test configs (this one and playwright.cluster.config.ts) run with: one worker (the stack is
 * shared and the machine has two cores), Debian's Chromium, the shell of the port block at `offset` as base URL.
 */
export function runnerDefaults(offset: number) {
  return {
    testMatch: '**/*.spec.ts',
    workers: 1,
    fullyParallel: false,
    retries: process.env.CI ? 1 : 0,
    timeout: 90_000,
    expect: { timeout: 15_000 },
    reporter: [['list']] as [string][],
    use: {
      baseURL: `http://localhost:${3000 + offset}`,
      browserName: 'chromium' as const,
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_FLAGS,
      },
      trace: 'retain-on-failure' as const,
      screenshot: 'only-on-failure' as const,
      viewport: { width: 1280, height: 800 },
    },
  };
}

const offset = e2eOffset();

export default defineConfig({
  ...runnerDefaults(offset),
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One folder per port block: concurrent runs (other offsets) must not clear each other's traces.
  outputDir: offset === 10 ? '../.tmp/e2e-results' : `../.tmp/e2e-results-${offset}`,
});
