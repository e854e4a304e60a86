import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { INITIAL_JS_BUDGET_GZIP, REMOTES, REMOTE_NAMES, type RemoteName } from '@wayfarer/contracts';
import { test, expect } from '../fixtures';
import { USERS, nodeClient, storageKey } from '../helpers';
import { ROOT } from '../src/stack';

type App = 'shell' | RemoteName;
/** The first route of each app, and who opens it. */
const FIRST_ROUTE: Record<App, { path: string; user: keyof typeof USERS | null }> = {
  shell: { path: '/', user: null },
  marketing: { path: '/', user: null },
  account: { path: '/login', user: null },
  explore: { path: '/explore', user: 'traveller' },
  admin: { path: '/admin', user: 'admin' },
};
const distOf = (app: App) => path.join(ROOT, app === 'shell' ? 'shell' : REMOTES[app].packageName, 'dist');
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** gzip bytes of a served file: the build's precompressed copy, else gzip -9 of the file. */
function gzipBytes(app: App, pathname: string): number {
  const file = path.join(distOf(app), decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

for (const app of ['shell', ...REMOTE_NAMES] as const) {
  test(`${app}: the JavaScript of its first load stays within its budget (gzip)`, async ({
    browser,
    stack,
  }) => {
    const { path: route, user } = FIRST_ROUTE[app];
    const origin = app === 'shell' ? stack.shellUrl : stack.remoteUrl(app);
    const context = await browser.newContext({ baseURL: stack.shellUrl });
    if (user) {
      const { data, error } = await nodeClient().auth.signInWithPassword(USERS[user]);
      if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
      // In storage before the first byte of the page: the measured load is the first one, with an empty cache.
      await context.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
        },
        [storageKey(stack.apiUrl), JSON.stringify(data.session)] as const,
      );
    }
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (
        res.request().resourceType() === 'script' &&
        url.origin === origin &&
        url.pathname !== '/runtime-config.js' &&
        // A route's first screen (the page's frame painted before any app code) has its own budget,
        // FIRST_SCREEN_BUDGET_GZIP, checked on the built files by contract-tests/manifests.test.ts; it used to reach
        // the page inside the manifest and run from there, and now loads as a script file of its own.
        !/^\/js\/first-screen-[^/]*\.js$/.test(url.pathname)
      )
        files.add(url.pathname);
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('remote-loading')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForTimeout(300);
    await context.close();

    const rows = [...files]
      .map((p) => ({ file: p, gzip: gzipBytes(app, p) }))
      .sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce((n, r) => n + r.gzip, 0);
    const budget = INITIAL_JS_BUDGET_GZIP[app];
    const report = `${app} on ${route}: ${kib(total)} gzip of JavaScript, budget ${kib(budget)}\n${rows
      .map((r) => `  ${kib(r.gzip).padStart(10)}  ${r.file}`)
      .join('\n')}`;
    console.log(report);
    expect(rows.length, `${app} served no JavaScript on ${route}`).toBeGreaterThan(0);
    expect(total, report).toBeLessThanOrEqual(budget);
  });
}
