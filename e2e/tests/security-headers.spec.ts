import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

/**
 * The static servers' Content-Security-Policy and frame protection, in a real browser: every page (the shell's,
 * and a remote served on its own) loads, renders and runs its first screen with no policy violation, and the
 * builds publish no source maps.
 */

/** Records every CSP violation of the page (the event and the console line Chromium writes for it). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(
    `(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || ''));
      });
    })();`,
  );
  return async () => [
    ...((await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)) ??
      []),
    ...console,
  ];
}

function expectProtected(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/script-src 'self' [^;]*'sha256-/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

for (const path of ['/', '/pricing', '/login']) {
  test(`${path}: the shell's page carries its policy and renders without a violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    expectProtected(res!.headers());
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('signed in: the explore map (its first screen, tiles and media) and the admin screens, without a violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signIn(page, USERS.admin.email, USERS.admin.password, '/explore');
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.goto('/admin/releases');
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('a remote served on its own carries the same protection', async ({ page, stack }) => {
  const violations = await watchViolations(page);
  const res = await page.goto(`${stack.remoteUrl('marketing')}/`);
  expectProtected(res!.headers());
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  expect(await violations()).toEqual([]);
});

test('no public source maps: scripts name none, and a map answers 404', async ({ request, stack }) => {
  for (const origin of [stack.shellUrl, stack.remoteUrl('admin'), stack.remoteUrl('explore')]) {
    const entry = origin === stack.shellUrl ? '/js/main.js' : '/remoteEntry.js';
    const js = await request.get(`${origin}${entry}`);
    expect(js.status()).toBe(200);
    // webpack's comment naming the map (a library's string that mentions one is not it).
    expect(await js.text()).not.toMatch(/^\/\/[#@] sourceMappingURL=/m);
    expect((await request.get(`${origin}${entry}.map`)).status()).toBe(404);
  }
});
