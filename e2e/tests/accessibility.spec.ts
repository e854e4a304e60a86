import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ROUTES, type RouteEntry } from '@wayfarer/contracts';
import { test, expect } from '../fixtures';
import { USERS, signIn, eiffelId } from '../helpers';

// axe-core over every route of the shell's route table (the contract's ROUTES), signed out, as a
// traveller and as the admin, plus the admin's content editor with a sight open. Any violation fails the test with
// its rule id, the element's selector and the rule's help URL. One page visit per route; each role signs in once
// (the session stays in the tab's storage while the test moves from route to route).

/** Values for the route table's `:param` segments, from the seeded data through the API. */
async function paramValues(apiUrl: string): Promise<Record<string, string>> {
  const news = (await (await fetch(`${apiUrl}/news`)).json()) as { news: { id: string }[] };
  if (!news.news[0]) throw new Error('the seed has no news item');
  return { newsId: news.news[0].id, placeId: await eiffelId(apiUrl) };
}

function pathOf(route: RouteEntry, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (!params[name]) throw new Error(`no value for :${name} of ${route.path}: add one to paramValues`);
    return encodeURIComponent(params[name]);
  });
}

/** Waits until the page under #main has rendered (a heading, no spinner: an indeterminate progressbar) and its requests have settled. */
async function settle(page: Page) {
  await expect(page.locator('#main').getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Runs axe (its default rules and label-content-name-mismatch) over the page; one line per failing element. */
async function violations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${v.help} — ${v.helpUrl}`),
  );
}

async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page).toHaveURL((u) => u.pathname === path.split('?')[0]);
      await settle(page);
      found.push(...(await violations(page, path)));
    });
  }
  return found;
}

const isAdmin = (r: RouteEntry) => r.remote === 'admin';
const PUBLIC = ROUTES.filter((r) => r.access === 'public');
const SIGNED_IN = ROUTES.filter((r) => r.access === 'signed-in' && !isAdmin(r));
const ADMIN = ROUTES.filter((r) => r.access === 'signed-in' && isAdmin(r)); // the three cover the table

test('axe finds no violation on the public routes, signed out', async ({ page, stack }) => {
  test.setTimeout(240_000);
  const params = await paramValues(stack.apiUrl);
  expect(
    await audit(
      page,
      PUBLIC.map((r) => pathOf(r, params)),
    ),
  ).toEqual([]);
});

test('axe finds no violation on the signed-in routes as a traveller (and on Admins only)', async ({
  page,
  stack,
}) => {
  test.setTimeout(240_000);
  const params = await paramValues(stack.apiUrl);
  await signIn(page, USERS.traveller.email, USERS.traveller.password, '/account');
  await settle(page);
  const paths = SIGNED_IN.map((r) => pathOf(r, params)).filter((p) => p !== '/account');
  const found = await violations(page, '/account');
  found.push(...(await audit(page, [...paths, '/admin'])));
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  expect(found).toEqual([]);
});

test('axe finds no violation on the admin routes and the content editor, as the admin', async ({
  page,
  stack,
}) => {
  test.setTimeout(240_000);
  const params = await paramValues(stack.apiUrl);
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin');
  await settle(page);
  const found = await violations(page, '/admin');
  const paths = ADMIN.map((r) => pathOf(r, params)).filter(
    (p) => p !== '/admin' && p !== '/admin/content-management',
  );
  found.push(...(await audit(page, [...paths, '/admin/content-management'])));
  // The content editor: a sight found by search and opened.
  await page.getByLabel('Search sights').fill('eiffel');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('sight-result').first().getByRole('button').first().click();
  await expect(page.getByTestId('sight-editor')).toBeVisible({ timeout: 30_000 });
  await settle(page);
  found.push(...(await violations(page, '/admin/content-management (editor open)')));
  expect(found).toEqual([]);
});
