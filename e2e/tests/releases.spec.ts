import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, type StackInfo } from '../fixtures';
import { USERS, accessToken, api, signIn } from '../helpers';
import { ROOT, e2eReleasesDir } from '../src/stack';
import { e2eOffset } from '../src/offset';
import { makeVariant, type VariantChange } from '../../scripts/lib/release-fixtures';

/**
 * Versions of the marketing remote published under its origin's /releases/<version>/, checked
 * with `pnpm contract:check` against the live shell, registered, promoted, canaried and rolled back through the
 * registry; the shell resolves each new session's remote map from it.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const ver = (n: number) => `${n}.0.0-${RUN}`;
const V1_TITLE = "Explore the world's sights with narrated audio guides";
const V2_TITLE = 'Release two: the whole world, narrated';
const DIST = path.join(ROOT, 'mfe-marketing', 'dist');

let token = '';
const manifestUrl = (stack: StackInfo, v: string) =>
  `${stack.remoteUrl('marketing')}/releases/${v}/mf-manifest.json`;

/** Publishes a variant of the built remote, runs `pnpm contract:check` on it and registers it with the result. */
function publish(stack: StackInfo, v: string, change: VariantChange) {
  makeVariant(DIST, path.join(e2eReleasesDir(e2eOffset(), 'marketing'), v), change);
  const cli = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      'scripts/contract-check.ts',
      '--remote',
      'marketing',
      '--url',
      manifestUrl(stack, v),
      '--shell',
      stack.shellUrl,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  const problems = cli.stdout
    .split('\n')
    .filter((l) => l.startsWith('    '))
    .map((l) => l.trim());
  return { exit: cli.status, report: cli.stdout, problems };
}

/** Registers a version; the API checks its manifest itself, and its verdict agrees with `pnpm contract:check`'s. */
async function register(stack: StackInfo, v: string, check: { exit: number | null; problems: string[] }) {
  const r = await api(stack.apiUrl, token, 'POST', '/admin/releases', {
    remote: 'marketing',
    version: v,
    manifest_url: manifestUrl(stack, v),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const release = (r.body.rollout.releases as { version: string; check_ok: boolean | null }[]).find(
    (x) => x.version === v,
  );
  expect(release?.check_ok, JSON.stringify(release)).toBe(check.exit === 0);
}

const admin = (stack: StackInfo, action: string, body: unknown = {}) =>
  api(stack.apiUrl, token, 'POST', `/admin/releases/marketing/${action}`, body);

/** A new browser session (its own context: new sessionStorage, so a new release session id) on `path`. */
async function newSession(browser: Browser, stack: StackInfo, path = '/'): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.shellUrl });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const heading = (page: Page) => page.locator('main h1').first();

test.beforeAll(async () => {
  token = await accessToken(USERS.admin);
});

test('promote v2: a new session sees it while an open tab keeps v1; rollback: new sessions see v1 again', async ({
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const c1 = publish(stack, ver(1), {});
  expect(c1.exit, c1.report).toBe(0);
  const c2 = publish(stack, ver(2), { replaceText: { from: V1_TITLE, to: V2_TITLE } });
  expect(c2.exit, c2.report).toBe(0);
  await register(stack, ver(1), c1);
  await register(stack, ver(2), c2);
  expect((await admin(stack, 'promote', { version: ver(1) })).status).toBe(200);

  const openTab = await newSession(browser, stack);
  await expect(heading(openTab)).toHaveText(V1_TITLE, { timeout: 30_000 });

  expect((await admin(stack, 'promote', { version: ver(2) })).status).toBe(200);
  const fresh = await newSession(browser, stack);
  await expect(heading(fresh)).toHaveText(V2_TITLE, { timeout: 30_000 });

  // The open tab navigates inside the app and back: still the version it started with.
  await openTab.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(heading(openTab)).toHaveText('Simple pricing for every traveller');
  await openTab.goBack();
  await expect(heading(openTab)).toHaveText(V1_TITLE);
  // Until it reloads.
  await openTab.reload();
  await expect(heading(openTab)).toHaveText(V2_TITLE, { timeout: 30_000 });

  const back = await admin(stack, 'rollback');
  expect(back.body.rollout.active_version).toBe(ver(1));
  const after = await newSession(browser, stack);
  await expect(heading(after)).toHaveText(V1_TITLE, { timeout: 30_000 });
  for (const p of [openTab, fresh, after]) await p.context().close();
});

test('a 50% canary splits new sessions, each sticky on reload', async ({ browser, stack }) => {
  test.setTimeout(240_000);
  expect((await admin(stack, 'canary', { version: ver(2), percent: 50 })).status).toBe(200);
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    const page = await newSession(browser, stack);
    await expect(heading(page)).toHaveText(/./, { timeout: 30_000 });
    const first = (await heading(page).textContent())!;
    await page.reload();
    await expect(heading(page)).toHaveText(first, { timeout: 30_000 });
    seen.push(first);
    await page.context().close();
  }
  expect(seen.filter((t) => t === V2_TITLE).length).toBeGreaterThan(0);
  expect(seen.filter((t) => t === V1_TITLE).length).toBeGreaterThan(0);
  expect((await admin(stack, 'canary/stop')).status).toBe(200);
});

test('a broken v3 (renamed expose) fails contract:check and cannot be promoted', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const c3 = publish(stack, ver(3), { renameExpose: { from: './App', to: './Main' } });
  expect(c3.exit).toBe(1);
  expect(c3.report).toContain('missing expose ./App');
  await register(stack, ver(3), c3);
  const refused = await admin(stack, 'promote', { version: ver(3) });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain('promote refused');
  // The Releases screen shows the failed check and offers no promote for it.
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/releases');
  const row = page.getByTestId(`release-marketing-${ver(3)}`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('failed', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Promote' })).toBeDisabled();
});

test('a v4 that throws on load is rolled back automatically once its failures are reported', async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  // It passes the check (the home page renders) but throws wherever a listener opens /pricing first.
  const c4 = publish(stack, ver(4), {
    throwOnLoad: `v4 of marketing broke on load`,
    throwWhen: "location.pathname === '/pricing'",
  });
  expect(c4.exit, c4.report).toBe(0);
  await register(stack, ver(4), c4);
  expect((await admin(stack, 'canary', { version: ver(4), percent: 90 })).status).toBe(200);
  let failed = 0;
  for (let i = 0; i < 20; i++) {
    const page = await newSession(browser, stack, '/pricing');
    const error = page.getByTestId('remote-error');
    const ok = page.locator('main h1', { hasText: 'Simple pricing for every traveller' });
    await expect(error.or(ok)).toBeVisible({ timeout: 30_000 });
    if (await error.isVisible()) failed++;
    // sendBeacon is sent as the page goes; give it a moment before the context closes.
    await page.waitForTimeout(300);
    await page.context().close();
    const list = await api(stack.apiUrl, token, 'GET', '/admin/releases');
    const marketing = list.body.remotes.find((r: { remote: string }) => r.remote === 'marketing');
    if (marketing.canary_version === null) break;
  }
  expect(failed).toBeGreaterThanOrEqual(5);
  const list = await api(stack.apiUrl, token, 'GET', '/admin/releases');
  const marketing = list.body.remotes.find((r: { remote: string }) => r.remote === 'marketing');
  expect(marketing.canary_version).toBeNull();
  expect(marketing.active_version).toBe(ver(1));
  const v4 = marketing.releases.find((r: { version: string }) => r.version === ver(4));
  expect(v4.status).toBe('rolled-back');
  expect(v4.failed_sessions).toBeGreaterThanOrEqual(5);
  const audit = await api(stack.apiUrl, token, 'GET', '/admin/audit-log?action=release.canary.auto_rollback');
  expect(audit.body.items.map((e: { target_id: string }) => e.target_id)).toContain(`marketing@${ver(4)}`);
  // New sessions get the active version again.
  const page = await newSession(browser, stack, '/pricing');
  await expect(heading(page)).toHaveText('Simple pricing for every traveller', { timeout: 30_000 });
  await page.context().close();
});
