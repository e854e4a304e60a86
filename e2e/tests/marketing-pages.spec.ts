import { test, expect } from '../fixtures';

// Commons photos are unreachable offline; a failed remote image is not an app error.
const IGNORE = [
  /Failed to load resource.*(wikimedia|commons|upload\.)/i,
  /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED.*(wikimedia|upload)/i,
];

const PAGES: { path: string; h1: RegExp; title: RegExp }[] = [
  { path: '/', h1: /Explore the world's sights/, title: /Wayfarer/ },
  { path: '/pricing', h1: /Simple pricing/, title: /^Pricing/ },
  { path: '/privacy-policy', h1: /^Privacy policy$/, title: /^Privacy policy · Wayfarer$/ },
  { path: '/terms', h1: /^Terms of service$/, title: /^Terms of service · Wayfarer$/ },
  { path: '/cookie-policy', h1: /^Cookie policy$/, title: /^Cookie policy · Wayfarer$/ },
  { path: '/dsar', h1: /^Data subject access request$/, title: /^Data subject access request · Wayfarer$/ },
  { path: '/invest', h1: /^Invest in Wayfarer$/, title: /^Invest in Wayfarer$/ },
  { path: '/about', h1: /^About Wayfarer$/, title: /^About us · Wayfarer$/ },
  { path: '/news', h1: /^News$/, title: /^News · Wayfarer$/ },
];

for (const p of PAGES) {
  test(`${p.path} renders with its title, one h1 and no console error`, async ({ page }) => {
    // Console 'Failed to load resource' messages carry no URL, so errors are named by their location. Chromium
    // asks for /favicon.ico on its own (the shell serves none: reported), which is not a page error.
    const errors: string[] = [];
    page.on('console', (m) => {
      const where = m.location().url;
      if (m.type() === 'error' && !/\/favicon\.ico$/.test(where) && !IGNORE.some((r) => r.test(m.text())))
        errors.push(`${m.text()} @ ${where}`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1, { timeout: 30_000 });
    await expect(page).toHaveTitle(p.title);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
    // Let the page's API calls settle before judging the console.
    await page.waitForLoadState('networkidle');
    expect({ errors, failed }).toEqual({ errors: [], failed: [] });
  });
}

test("a full load of / shows the hero from the HTML in the visitor's language; the page replaces it, word for word", async ({
  page,
}) => {
  // The page's code arrives late, so the first screen is there to be seen.
  await page.route(/\/js\/page-home\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/?lng=fr');
  const first = page.locator('#wf-first-screen');
  const title = 'Découvrez les sites du monde entier avec des audioguides commentés';
  await expect(first.locator('.wf-fs-h1')).toHaveText(title);
  await expect(first).toHaveAttribute('aria-hidden', 'true');
  // A picture of the page, not the page: no heading anyone can reach yet.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  const painted = await first.locator('.wf-fs-h1').boundingBox();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(first).toHaveCount(0);
  // The same words in the same place: nothing moved when the page took over.
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(painted);
});

test('an unknown news item shows the not-found state', async ({ page }) => {
  await page.goto('/news/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News item not found', {
    timeout: 30_000,
  });
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
});

test('the news list links to a published item', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News', { timeout: 30_000 });
  const first = page.getByTestId('news-card').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const title = (await first.getByRole('link').textContent())!.trim();
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · Wayfarer`);
});

test('pricing toggle changes the prices', async ({ page }) => {
  await page.goto('/pricing');
  const standard = page.getByTestId('price-standard');
  await expect(standard).toContainText('9.99', { timeout: 30_000 });
  await expect(page.getByText('Save up to 20%')).toHaveCount(0);
  await page.getByRole('button', { name: /Yearly/ }).click();
  await expect(standard).toContainText('95.88');
  await expect(page.getByTestId('price-premium')).toContainText('191.88');
  await expect(page.getByText('Save up to 20%')).toHaveCount(2);
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(page.getByTestId('price-premium')).toContainText('19.99');
  await expect(page.getByRole('link', { name: 'Choose the Premium plan' })).toHaveAttribute(
    'href',
    '/subscribe?plan=premium',
  );
});

test('the privacy policy PDF downloads', async ({ page }) => {
  await page.goto('/privacy-policy');
  const link = page.getByRole('link', { name: 'Download PDF' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('wayfarer-privacy-policy.pdf');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('Children under 13');
  expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
});

test('/ has a single h1, alt text on every image and labelled links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1')).toHaveCount(1);
  const audit = await page.evaluate(() => {
    const imgs = [...document.querySelectorAll('img')].filter((i) => !i.hasAttribute('alt'));
    const links = [...document.querySelectorAll('a[href]')].filter((a) => {
      const name =
        (a.getAttribute('aria-label') ?? '') +
        (a.textContent ?? '') +
        [...a.querySelectorAll('img[alt]')].map((i) => i.getAttribute('alt')).join('');
      return name.trim() === '';
    });
    const buttons = [...document.querySelectorAll('button')].filter(
      (b) => ((b.getAttribute('aria-label') ?? '') + (b.textContent ?? '')).trim() === '',
    );
    return {
      imgs: imgs.map((i) => i.outerHTML),
      links: links.map((a) => a.outerHTML),
      buttons: buttons.map((b) => b.outerHTML),
    };
  });
  expect(audit).toEqual({ imgs: [], links: [], buttons: [] });
  // Featured sights come from the API and are labelled.
  await expect(page.getByTestId('featured-sight').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start exploring' })).toHaveAttribute('href', '/explore');
});
