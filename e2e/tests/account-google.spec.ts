import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * Records every address the tab shows: new documents (framenavigated) and same-document changes through the
 * history API or Back/Forward, in order, across the trip to the consent page and back.
 */
async function recordAddresses(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  await page.exposeFunction('__wfRecordAddress', (u: string) => void seen.push(u));
  await page.addInitScript(() => {
    const record = () =>
      (window as unknown as { __wfRecordAddress(u: string): void }).__wfRecordAddress(location.href);
    for (const m of ['pushState', 'replaceState'] as const) {
      const original = history[m].bind(history);
      history[m] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    addEventListener('popstate', record);
  });
  return seen;
}

const hasAuthParams = (u: string) =>
  ['code', 'state', 'error', 'error_description'].some((k) => new URL(u).searchParams.has(k));

/** Holds the PKCE code exchange back, so the login page is up while the code is still in the address. */
async function slowCodeExchange(page: Page): Promise<{ calls: number }> {
  const counter = { calls: 0 };
  await page.route(/\/auth\/v1\/token\?grant_type=pkce/, async (route) => {
    counter.calls++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  return counter;
}

async function consent(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Nothing after the first address on `path` is a /login address or carries auth parameters. */
function expectCleanAfterTarget(seen: string[], shellUrl: string, path: string) {
  const first = seen.findIndex((u) => u.startsWith(shellUrl) && new URL(u).pathname === path);
  expect(first, `never reached ${path}: ${seen.join(' -> ')}`).toBeGreaterThanOrEqual(0);
  const after = seen.slice(first);
  expect(
    after.filter((u) => new URL(u).pathname !== path || hasAuthParams(u)),
    seen.join(' -> '),
  ).toEqual([]);
}

test('Google sign-in through the local consent page: code exchanged, auth parameters stripped once, lands on the target signed in', async ({
  context,
  page,
  stack,
}) => {
  const seen = await recordAddresses(page);
  const exchange = await slowCodeExchange(page);
  const email = `google-${Date.now()}@example.test`;

  // First sign-in: a new Google account has no gender or birthday yet, so the login page stays in profile mode.
  await page.goto('/login?next=%2Fshop');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await consent(page, email, 'Grace Google');
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page).toHaveURL(`${stack.shellUrl}/login?next=%2Fshop`);
  expect(exchange.calls).toBe(1);
  const back = seen.findIndex((u) => u.startsWith(stack.shellUrl) && new URL(u).searchParams.has('code'));
  expect(back, `the consent page did not come back with a code: ${seen.join(' -> ')}`).toBeGreaterThan(0);
  // Stripped once: after the first clean address nothing puts the code back.
  const stripped = seen.slice(back).findIndex((u) => !hasAuthParams(u));
  expect(stripped).toBeGreaterThan(0);
  expect(seen.slice(back + stripped).filter(hasAuthParams)).toEqual([]);

  await expect(page.getByLabel('Display name')).toHaveValue('Grace Google');
  await page.getByLabel('Day').selectOption('17');
  await page.getByLabel('Month').selectOption('5');
  await page.getByLabel('Year').selectOption('1990');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Save & continue' }).click();
  await expect(page).toHaveURL(`${stack.shellUrl}/shop`);
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.getByTestId('currency-balance')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
  await page.close();

  // Second sign-in, in a new tab, profile complete: the redirect target is decided at once, and the address goes
  // straight from /login?…&code=… to the target, never back to /login over it.
  const tab = await context.newPage();
  const seenInTab = await recordAddresses(tab);
  const exchangeInTab = await slowCodeExchange(tab);
  await tab.goto('/login?next=%2Faccount');
  await tab.getByRole('button', { name: 'Sign in with Google' }).click();
  await consent(tab, email, 'Grace Google');
  await expect(tab).toHaveURL(`${stack.shellUrl}/account`);
  await expect(tab.getByTestId('account-email')).toHaveText(email);
  await expect(tab.getByTestId('currency-balance')).toBeVisible();
  expect(exchangeInTab.calls).toBe(1);
  expect(seenInTab.some((u) => u.startsWith(stack.shellUrl) && new URL(u).searchParams.has('code'))).toBe(
    true,
  );
  await tab.waitForTimeout(1000); // anything late (a strip after the redirect) would show up here
  await expect(tab).toHaveURL(`${stack.shellUrl}/account`);
  expectCleanAfterTarget(seenInTab, stack.shellUrl, '/account');
});

test.describe('the sign-in return origin', () => {
  test.afterEach(async ({ stack }) => {
    await stack.control('shell', 'config');
  });

  test('Google sign-in asks to come back to PUBLIC_SITE_ORIGIN when it is configured, keeping the query', async ({
    page,
    stack,
  }) => {
    const configured = stack.shellUrl.replace('localhost', '127.0.0.1');
    await stack.control('shell', 'config', { publicSiteOrigin: configured });
    await page.route(/\/auth\/v1\/authorize\?/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>stopped before consent</p>' }),
    );
    await page.goto('/login?next=%2Fshop');
    const [authorize] = await Promise.all([
      page.waitForRequest(/\/auth\/v1\/authorize\?/),
      page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    expect(new URL(authorize.url()).searchParams.get('redirect_to')).toBe(`${configured}/login?next=%2Fshop`);
  });

  test('unset, it is the page origin', async ({ page, stack }) => {
    await stack.control('shell', 'config', { publicSiteOrigin: '' });
    await page.route(/\/auth\/v1\/authorize\?/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>stopped before consent</p>' }),
    );
    await page.goto('/login');
    const [authorize] = await Promise.all([
      page.waitForRequest(/\/auth\/v1\/authorize\?/),
      page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    expect(new URL(authorize.url()).searchParams.get('redirect_to')).toBe(`${stack.shellUrl}/login`);
  });
});
