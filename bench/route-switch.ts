import { chromium } from 'playwright-core';
import { Stack } from '../e2e/src/stack';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';

/**
 * Client-side route switches between remotes in one tab: the first visit (manifest + remote entry + chunks over
 * the network) and a repeat visit (already loaded), median of several rounds.
 */
export async function benchRouteSwitch(): Promise<void> {
  console.log('\n## Route switches between remotes (client-side navigation, ms)\n');
  const stack = new Stack(70);
  await stack.start();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const rounds = 5;
  const first: Record<string, number[]> = {};
  const repeat: Record<string, number[]> = {};
  const hops = [
    ['/', '/login'],
    ['/login', '/pricing'],
  ] as const;
  try {
    for (let i = 0; i < rounds; i++) {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${stack.ports.shell}/`, { waitUntil: 'networkidle' });
      for (const pass of [first, repeat]) {
        for (const [from, to] of hops) {
          await page.evaluate((p) => window.history.pushState({}, '', p), from);
          await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
          await page.waitForFunction(() => !document.querySelector('[data-testid="remote-loading"]'));
          const t0 = Date.now();
          await page.evaluate((p) => {
            window.history.pushState({}, '', p);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, to);
          await page.waitForFunction(
            () => !document.querySelector('[data-testid="remote-loading"]') && document.querySelector('main h1'),
          );
          (pass[`${from} -> ${to}`] ??= []).push(Date.now() - t0);
        }
      }
      await page.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const key of Object.keys(first))
      console.log(`  ${key.padEnd(22)} first visit ${String(median(first[key])).padStart(5)} ms   repeat ${String(median(repeat[key])).padStart(5)} ms`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}
