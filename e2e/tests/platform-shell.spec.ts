import type { Page } from '@playwright/test';
import { REMOTE_NAMES, SHARED_SINGLETONS, type RemoteName } from '@wayfarer/contracts';
import { test, expect, type StackInfo } from '../fixtures';
import { USERS, signIn } from '../helpers';

/** A route each remote owns, and whether it needs a signed-in user. */
const ROUTE_OF: Record<RemoteName, { path: string; search?: string; signedIn: boolean }> = {
  marketing: { path: '/pricing', signedIn: false },
  // Not /login: a signed-in visitor is redirected from there to /explore (another remote), which raced these checks.
  account: { path: '/account', signedIn: true },
  // With its view: without one, the page writes the default view into the address (a replace) when it commits,
  // which could land after the next push of these checks and take the tab back to /explore.
  explore: { path: '/explore', search: '?lat=48.8566&lon=2.3522&km=5', signedIn: true },
  admin: { path: '/admin', signedIn: true },
};

async function remoteReady(page: Page) {
  // The shell has rendered (its main landmark): its entry may wait for the route's first screen to be painted
  // (first-screen-wait.ts), after the document's load event, and before that no loading state is there to wait on.
  await expect(page.locator('main#main')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByTestId('remote-loading')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Client-side navigation to the route of `name`'s remote, as a link does (the shell's router follows popstate),
 * until that remote's page is up. A navigation is a transition: the loading state can be gone before React starts
 * on the new route, and a next push would replace that render. So it also waits for the remote's entry to have been
 * asked for (`requested` collects the page's request URLs; an entry is asked for once per page).
 */
async function visitRemote(page: Page, stack: StackInfo, requested: string[], name: RemoteName) {
  await page.evaluate(
    (to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    ROUTE_OF[name].path + (ROUTE_OF[name].search ?? ''),
  );
  const entry = `${stack.remoteUrl(name)}/remoteEntry.js`;
  await expect.poll(() => requested.includes(entry), { message: `${name}'s entry is requested` }).toBe(true);
  await remoteReady(page);
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(ROUTE_OF[name].path);
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

test("the release registry is asked once per load, by the page's HTML before the shell's code has run", async ({
  page,
}) => {
  const asked: { url: string; initiator: 'html' | 'bundle' }[] = [];
  let mainDone = false;
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname === '/js/main.js') mainDone = true;
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/releases/remote-map'))
      asked.push({ url: r.url(), initiator: mainDone ? 'bundle' : 'html' });
  });
  await page.goto('/pricing');
  await expect(page.locator('main h1')).toHaveCount(1);
  const session = await page.evaluate(() => sessionStorage.getItem('wf-release-session'));
  expect(session).toBeTruthy();
  expect(asked.map((a) => new URL(a.url).searchParams.get('session'))).toEqual([session]);
  expect(asked[0]!.initiator).toBe('html');
  // The shell took the HTML's answer (and left nothing behind).
  expect(await page.evaluate(() => '__WAYFARER_REMOTE_MAP__' in window)).toBe(false);
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

test("the page's first Intl use is paid by a worker the HTML starts, not by the shell's first render", async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('/pricing');
  await expect(page.locator('main h1')).toHaveCount(1);
  // One throwaway worker from the HTML (a data: URL, no request) that loads ICU while the scripts download.
  const warmups = workers.filter((u) => u.startsWith('data:text/javascript,'));
  expect(warmups).toHaveLength(1);
  expect(decodeURIComponent(warmups[0]!)).toContain('new Intl.NumberFormat()');
  // The page's prices are formatted all the same (the worker changes where ICU's data is loaded, not the text).
  await expect(page.locator('[data-testid^="price-"]').first()).toHaveText(/\d/);
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

/**
 * The shell's share scope (webpack's `__webpack_require__.S.default`), read through the shell's chunk-loading
 * global: a pushed chunk's third element is called with the shell's `__webpack_require__`. Every remote's
 * container is initialised with this same object, so it holds every participant's offer of each shared package:
 * package -> version -> who offered it (`from`, the build's uniqueName) and whether the page took it (`loaded`).
 */
async function shareScope(page: Page) {
  return page.evaluate(() => {
    type Offer = { from: string; loaded?: number | boolean };
    const w = window as unknown as Record<string, unknown[]>;
    let scope: Record<string, Record<string, Offer>> = {};
    w.webpackChunkshell!.push([
      ['wf-e2e-share-scope'],
      {},
      (req: { S: Record<string, Record<string, Record<string, Offer>>> }) => {
        scope = req.S.default ?? {};
      },
    ]);
    const out: Record<string, { version: string; from: string; loaded: boolean }[]> = {};
    for (const [pkg, versions] of Object.entries(scope))
      out[pkg] = Object.entries(versions).map(([version, o]) => ({
        version,
        from: o.from,
        loaded: Boolean(o.loaded),
      }));
    return out;
  });
}

const SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', ...SHARED_SINGLETONS];

test('shared singletons (React, react-dom, TanStack Query, jotai, session) are downloaded and instantiated once, from the shell', async ({
  page,
  stack,
}) => {
  // A stand-in for React DevTools' hook: every react-dom copy that starts registers itself as a renderer here.
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers,
      inject(internals: unknown) {
        renderers.set(renderers.size + 1, internals);
        return renderers.size;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await signIn(page, USERS.admin.email, USERS.admin.password, '/');
  await remoteReady(page);
  // Client-side navigation: one page, one share scope, every remote loaded into it.
  for (const name of ['explore', 'marketing', 'admin', 'account'] as const)
    await visitRemote(page, stack, urls, name);
  // Every remote's manifest lists the script files of its own copy of each shared package: none may be fetched.
  for (const name of REMOTE_NAMES) {
    const manifest = (await (await fetch(`${stack.remoteUrl(name)}/mf-manifest.json`)).json()) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const own = (pkg: string) => manifest.shared.find((x) => x.name === pkg)!.assets.js;
    // The manifest does name them (a build that bundled React eagerly into its entry would list nothing here).
    expect(own('react').async.length, `${name} lists its own react`).toBeGreaterThan(0);
    expect(own('react-dom').async.length, `${name} lists its own react-dom`).toBeGreaterThan(0);
    for (const s of manifest.shared.filter((x) => SINGLETONS.includes(x.name))) {
      for (const asset of [...s.assets.js.sync, ...s.assets.js.async]) {
        expect(urls, `${name} must not download its own ${s.name}`).not.toContain(
          `${stack.remoteUrl(name)}/${asset}`,
        );
      }
    }
  }
  // Every remote's container shares the shell's scope (federation.ts initialises it with it); in it, exactly one
  // copy of each singleton was taken: the shell's.
  const scope = await shareScope(page);
  for (const pkg of SINGLETONS) {
    const loaded = (scope[pkg] ?? []).filter((o) => o.loaded);
    expect(loaded, `${pkg}: one instance`).toHaveLength(1);
    expect(loaded[0]!.from, `${pkg} comes from the shell`).toBe('shell');
  }
  // One react-dom started on the page (a second copy would register a second renderer).
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    ),
  ).toBe(1);
});

test("no remote carries a federation runtime of its own, and each remote's entry is fetched once", async ({
  page,
  stack,
}) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await signIn(page, USERS.admin.email, USERS.admin.password, '/');
  await remoteReady(page);
  for (const name of ['explore', 'marketing', 'admin', 'account', 'marketing', 'explore'] as const)
    await visitRemote(page, stack, urls, name);
  // Webpack's container runtime only: the general Module Federation runtime (its log prefix survives minifying)
  // is in no file the page runs.
  const shellMain = await (await fetch(`${stack.shellUrl}/js/main.js`)).text();
  expect(shellMain).not.toContain('[ Federation Runtime ]');
  for (const name of REMOTE_NAMES) {
    const url = `${stack.remoteUrl(name)}/remoteEntry.js`;
    expect(
      urls.filter((u) => u === url),
      `${name}'s entry is fetched once, even when its routes are visited again`,
    ).toHaveLength(1);
    const body = await (await fetch(url)).text();
    expect(body, `${url} must not carry a federation runtime`).not.toContain('[ Federation Runtime ]');
    expect(body).not.toContain('_FEDERATION_RUNTIME_CORE');
  }
});

test("the current route's remote entry and page are preloaded from the shell's HTML, and each is fetched once", async ({
  page,
  stack,
}) => {
  const marketing = stack.remoteUrl('marketing');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(marketing)) requests.push(new URL(r.url()).pathname);
  });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await remoteReady(page);
  const preloaded = await page
    .locator('head link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(preloaded).toContain(`${marketing}/remoteEntry.js`);
  const pageChunk = preloaded.filter((h) => h.startsWith(`${marketing}/js/page-pricing.`));
  expect(pageChunk, 'the /pricing page chunk is preloaded').toHaveLength(1);
  // The preloaded copies are the ones used (same request mode): no second request for any of them.
  expect(requests.filter((p) => p === '/mf-manifest.json')).toHaveLength(1);
  expect(requests.filter((p) => p === '/remoteEntry.js')).toHaveLength(1);
  expect(requests.filter((p) => p === new URL(pageChunk[0]!).pathname)).toHaveLength(1);
  expect(new Set(requests).size, `no marketing file is fetched twice: ${requests.join(', ')}`).toBe(
    requests.length,
  );
});

test("a remote's own page, opened without the shell, renders on its own", async ({ page, stack }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const fromShell: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(stack.shellUrl)) fromShell.push(r.url());
  });
  await page.goto(`${stack.remoteUrl('marketing')}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  // Deployed alone: nothing of the shell is needed.
  expect(fromShell).toEqual([]);
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
