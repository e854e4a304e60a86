import type { Page } from '@playwright/test';
import { REMOTE_NAMES, type RemoteName } from '@wayfarer/contracts';
import { test, expect, type StackInfo } from '../fixtures';
import { USERS, signIn } from '../helpers';

/** A route each remote owns, and whether it needs a signed-in user. */
const ROUTE_OF: Record<RemoteName, { path: string; signedIn: boolean }> = {
  marketing: { path: '/pricing', signedIn: false },
  // Not /login: a signed-in visitor is redirected from there to /explore (another remote), which raced these checks.
  account: { path: '/account', signedIn: true },
  explore: { path: '/explore', signedIn: true },
  admin: { path: '/admin', signedIn: true },
};

async function remoteReady(page: Page) {
  await expect(page.getByTestId('remote-loading')).toHaveCount(0, { timeout: 30_000 });
}

test.afterEach(async ({ stack }) => {
  for (const app of ['shell', ...REMOTE_NAMES] as const) await stack.control(app, 'normal');
  await stack.control('shell', 'config');
});

test('home renders from the marketing remote origin', async ({ page, stack }) => {
  const entry = page.waitForRequest((r) => r.url() === `${stack.remoteUrl('marketing')}/remoteEntry.js`);
  await page.goto('/');
  await entry;
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const remotes = await page.evaluate(() => fetch('/remotes.json').then((r) => r.json()));
  expect(remotes.marketing).toBe(stack.remoteUrl('marketing'));
});

test('the first page asks for no config script and has its API connection warming up from the start', async ({
  page,
  stack,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('h1')).toHaveCount(1);
  expect(scripts).not.toContain('/runtime-config.js');
  await expect(
    page.locator(`head link[rel="preconnect"][href="${new URL(stack.apiUrl).origin}"]`),
  ).toHaveCount(1);
  expect(
    await page.evaluate(
      () => (window as unknown as { __WAYFARER_CONFIG__: { apiUrl: string } }).__WAYFARER_CONFIG__.apiUrl,
    ),
  ).toBe(stack.apiUrl.replace(/\/+$/, ''));
});

test("the shell's start chunks are announced by the page and downloaded once each, beside js/main.js", async ({
  page,
  stack,
}) => {
  const shellScripts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'script' && url.origin === stack.shellUrl && url.pathname.startsWith('/js/'))
      shellScripts.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.locator('h1')).toHaveCount(1);
  const preloaded = await page
    .locator('head link[rel="preload"][as="script"][href^="/js/"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
  const chunks = shellScripts.filter((p) => p !== '/js/main.js');
  // The `./bootstrap` chunk and the one `start` chunk of the shared and package code (hostStartChunks in mf-config).
  expect(chunks.length).toBeGreaterThanOrEqual(2);
  expect(chunks.filter((c) => /^\/js\/start\.[0-9a-f]{16}\.js$/.test(c))).toHaveLength(1);
  // Every chunk the first load needs is in the page; none of them is fetched twice (preload and script match).
  for (const chunk of chunks) expect(preloaded).toContain(chunk);
  expect(new Set(shellScripts).size).toBe(shellScripts.length);
});

test('a guarded route signed out redirects to /login with next', async ({ page }) => {
  await page.goto('/explore?lat=48.85&lon=2.29');
  await expect(page).toHaveURL(/\/login\?next=%2Fexplore%3Flat%3D48\.85%26lon%3D2\.29$/);
});

test('navigating between remotes works with back and forward', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('link', { name: 'Log in / Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await remoteReady(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
});

test('React and react-dom are downloaded and instantiated once', async ({ page, stack }) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await signIn(page, USERS.traveller.email, USERS.traveller.password, '/');
  await remoteReady(page);
  for (const p of ['/login', '/explore', '/pricing', '/admin']) {
    await page.goto(p);
    await remoteReady(page);
  }
  // Every remote's manifest lists the chunks of its own React copy: none of them may be fetched.
  for (const name of REMOTE_NAMES) {
    const manifest = (await (await fetch(`${stack.remoteUrl(name)}/mf-manifest.json`)).json()) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    for (const s of manifest.shared.filter((x) => x.name === 'react' || x.name === 'react-dom')) {
      for (const asset of [...s.assets.js.sync, ...s.assets.js.async]) {
        expect(urls, `${name} must not download its own ${s.name}`).not.toContain(
          `${stack.remoteUrl(name)}/${asset}`,
        );
      }
    }
  }
  const loaded = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<
            string,
            Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>
          >;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const out: Record<string, string[]> = {};
    for (const host of Object.values(share))
      for (const scope of Object.values(host))
        for (const pkg of ['react', 'react-dom'])
          for (const [version, info] of Object.entries(scope[pkg] ?? {}))
            if (info.loaded) (out[pkg] ??= []).push(`${version}@${info.from}`);
    return out;
  });
  expect(new Set(loaded.react).size).toBe(1);
  expect(new Set(loaded['react-dom']).size).toBe(1);
  expect(loaded.react[0]).toMatch(/@shell$/);
});

test("the Module Federation runtime is downloaded once: every remote runs on the shell's", async ({
  page,
  stack,
}) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await signIn(page, USERS.admin.email, USERS.admin.password, '/');
  await remoteReady(page);
  for (const p of ['/login', '/explore', '/pricing', '/admin']) {
    await page.goto(p);
    await remoteReady(page);
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
  }
  // The runtime's log prefix is one of its strings that survive minifying: in the shell's entry, in no remote's.
  const shellMain = await (await fetch(`${stack.shellUrl}/js/main.js`)).text();
  expect(shellMain).toContain('[ Federation Runtime ]');
  for (const name of REMOTE_NAMES) {
    const url = `${stack.remoteUrl(name)}/remoteEntry.js`;
    expect(urls, `the page loaded ${name}`).toContain(url);
    const body = await (await fetch(url)).text();
    expect(body, `${url} must not carry its own runtime`).not.toContain('[ Federation Runtime ]');
    expect(body).toContain('_FEDERATION_RUNTIME_CORE');
  }
  // A remote's own page (no shell) loads the runtime from its own file; through the shell, nobody fetches it.
  expect(urls.filter((u) => u.endsWith('/js/mf-runtime-core.js'))).toEqual([]);
});

test("a remote's own page, opened without the shell, loads the runtime from its own file and renders", async ({
  page,
  stack,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const runtime = page.waitForResponse(`${stack.remoteUrl('marketing')}/js/mf-runtime-core.js`);
  await page.goto(`${stack.remoteUrl('marketing')}/pricing`);
  expect((await runtime).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

async function expectRemoteWorks(page: Page, remote: RemoteName) {
  await page.goto(ROUTE_OF[remote].path);
  await remoteReady(page);
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

for (const down of REMOTE_NAMES) {
  test(`with the ${down} remote down, the shell and the other remotes keep working and Retry recovers`, async ({
    page,
    stack,
  }) => {
    await signIn(page, USERS.admin.email, USERS.admin.password, '/about');
    await stack.control(down, 'down');
    await page.goto(ROUTE_OF[down].path);
    const error = page.getByTestId('remote-error');
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('remote-error-message')).toContainText('ChunkLoadError');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    for (const other of REMOTE_NAMES.filter((r) => r !== down)) await expectRemoteWorks(page, other);
    // Back to the broken remote in the same tab, bring it up, and Retry.
    await page.goto(ROUTE_OF[down].path);
    await expect(error).toBeVisible({ timeout: 30_000 });
    await stack.control(down, 'up');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(error).toHaveCount(0, { timeout: 30_000 });
    await remoteReady(page);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
  });
}

test('a remote answering 500 shows the error with Retry instead of a blank page', async ({ page, stack }) => {
  await stack.control('marketing', 'error', { pattern: 'mf-manifest|remoteEntry', status: 500 });
  await page.goto('/about');
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await stack.control('marketing', 'normal');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
});

test('a slow remote with a short configured time-out shows the ChunkLoadError message', async ({
  page,
  stack,
}) => {
  await stack.control('shell', 'config', { chunkTimeoutMs: 1500 });
  await stack.control('marketing', 'slow', { pattern: 'remoteEntry', ms: 6000 });
  const started = Date.now();
  await page.goto('/invest');
  await expect(page.getByTestId('remote-error-message')).toContainText('ChunkLoadError', { timeout: 20_000 });
  await expect(page.getByTestId('remote-error-message')).toContainText('timed out');
  expect(Date.now() - started).toBeLessThan(6000);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

export type { StackInfo };

test('on a 375 px phone the signed-in navbar fits the screen and the drawer opens the links', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, USERS.traveller.email, USERS.traveller.password, '/pricing');
  await remoteReady(page);
  await expect(page.getByTestId('currency-balance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(nav!.x + nav!.width).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about$/);
});
