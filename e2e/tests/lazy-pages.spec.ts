import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

// Each remote downloads the page of the route it shows; other pages come on intent.

test.afterEach(async ({ stack }) => {
  await stack.control('marketing', 'normal');
});

test('/ downloads the home page chunk, not the invest charts or the legal pages', async ({ page, stack }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${stack.remoteUrl('marketing')}/js/`)) chunks.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Explore the world's sights/, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  expect(chunks.some((c) => c.includes('/page-home.'))).toBe(true);
  for (const other of ['page-invest', 'page-legal', 'page-privacy', 'page-news', 'page-about'])
    expect(
      chunks.filter((c) => c.includes(`/${other}.`)),
      other,
    ).toEqual([]);
});

test('hovering a link to another remote fetches that remote and its page before the click', async ({
  page,
  stack,
}) => {
  await signIn(page, USERS.traveller.email, USERS.traveller.password, '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const explorePage = page.waitForRequest((r) =>
    r.url().startsWith(`${stack.remoteUrl('explore')}/js/page-explore.`),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).hover();
  await explorePage;
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a page chunk that fails to load shows the remote error with Retry, and Retry loads the page', async ({
  page,
  stack,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Wayfarer', { timeout: 30_000 });
  await stack.control('marketing', 'error', { pattern: 'page-invest', status: 500 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invest' }).click();
  const error = page.getByTestId('remote-error');
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('remote-error-message')).toContainText('ChunkLoadError');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await stack.control('marketing', 'normal');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invest in Wayfarer', { timeout: 30_000 });
  await expect(error).toHaveCount(0);
});
