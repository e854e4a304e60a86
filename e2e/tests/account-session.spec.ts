import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createVerifiedUser, storageKey } from '../helpers';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Where the page keeps the supabase-js session: [sessionStorage, localStorage] (null when absent). */
async function sessionCopies(page: Page, key: string): Promise<[string | null, string | null]> {
  return page.evaluate(
    (k) => [sessionStorage.getItem(k), localStorage.getItem(k)] as [string | null, string | null],
    key,
  );
}

/** Every page of the context closed, then a fresh one: what a browser restart looks like to sessionStorage. */
async function restartBrowser(context: BrowserContext): Promise<Page> {
  for (const p of context.pages()) await p.close();
  return context.newPage();
}

test('without "Stay logged in" the session lasts the browser session: sessionStorage, kept on reload and in a second tab, gone after closing', async ({
  context,
  page,
  stack,
}) => {
  const user = await createVerifiedUser();
  const key = storageKey(stack.apiUrl);
  await page.goto('/login?next=%2Faccount');
  await logIn(page, user.email, user.password);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  const [inSession, inLocal] = await sessionCopies(page, key);
  expect(JSON.parse(inSession ?? '{}')).toMatchObject({ user: { email: user.email } });
  expect(inLocal).toBeNull();

  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  await expect(page).toHaveURL(/\/account$/);

  // A second tab of the same browser session is signed in too (it asks the open tab for the session).
  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByTestId('account-email')).toHaveText(user.email);
  expect((await sessionCopies(second, key))[1]).toBeNull();

  // Closing the browser drops it: nothing in localStorage, a new tab is signed out.
  const fresh = await restartBrowser(context);
  await fresh.goto('/account');
  await expect(fresh).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(fresh.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
  expect(await sessionCopies(fresh, key)).toEqual([null, null]);
});

test('signing in in one tab signs in another tab of the browser session that waits on /login', async ({
  context,
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/login?next=%2Faccount');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/login');
  await logIn(other, user.email, user.password);
  await expect(other).toHaveURL(/\/explore(\?|$)/);
  // The waiting tab gets the session copy replayed and the SIGNED_IN event: it re-checks and redirects.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
});

test('with "Stay logged in" and accepted cookies the session persists in localStorage across a browser restart', async ({
  context,
  page,
  stack,
}) => {
  const user = await createVerifiedUser();
  const key = storageKey(stack.apiUrl);
  await page.goto('/login?next=%2Faccount');
  await page.getByLabel('Stay logged in').click(); // opens the cookie overlay (no prior acceptance)
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await logIn(page, user.email, user.password);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  const [inSession, inLocal] = await sessionCopies(page, key);
  expect(inSession).toBeNull();
  expect(JSON.parse(inLocal ?? '{}')).toMatchObject({ user: { email: user.email } });

  const fresh = await restartBrowser(context);
  await fresh.goto('/account');
  await expect(fresh.getByTestId('account-email')).toHaveText(user.email);
});

test('"Stay logged in" declined at the cookie overlay: unticked, and the session stays per browser session', async ({
  page,
  stack,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/login?next=%2Faccount');
  const box = page.getByLabel('Stay logged in');
  await box.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(box).not.toBeChecked();
  await logIn(page, user.email, user.password);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  const [inSession, inLocal] = await sessionCopies(page, storageKey(stack.apiUrl));
  expect(inSession).not.toBeNull();
  expect(inLocal).toBeNull();
});

/** This origin's /explore: the page writes its default view (?lat&lon&km) into the URL as soon as it renders. */
const landedOnExplore = (origin: string) => (url: URL) =>
  url.origin === origin && url.pathname === '/explore';

test('a next that leaves the origin (//host, /\\host, tab or encoded tricks) is refused: signing in lands on this origin', async ({
  page,
  stack,
}) => {
  const user = await createVerifiedUser();
  const navigated: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigated.push(f.url());
  });
  await page.goto('/login?next=%2F%2Fevil.example%2Fx');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(landedOnExplore(stack.shellUrl));

  // Signed in, /login decides the redirect at once.
  for (const next of [
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/%2F%2Fevil.example/x',
    '/%5Cevil.example',
  ]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page).toHaveURL(landedOnExplore(stack.shellUrl));
  }
  expect(navigated.filter((u) => !u.startsWith(stack.shellUrl + '/'))).toEqual([]);
});
