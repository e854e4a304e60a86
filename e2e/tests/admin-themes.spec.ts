import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

test('activating a christmas theme shows snow to a visitor', async ({ page, browser, stack }) => {
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/themes');
  const cards = page.getByTestId('theme-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const previouslyActive = await cards
    .filter({ has: page.locator('.wf-badge', { hasText: 'Active' }) })
    .locator('h2')
    .allTextContents();
  const christmas = cards.filter({ has: page.locator('h2', { hasText: /christmas|winter/i }) }).first();
  const name = (await christmas.locator('h2').textContent())!;

  await christmas.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(page.getByText(`“${name}” is now the active theme for every visitor.`)).toBeVisible();

  const visitor = await browser.newPage({ baseURL: stack.shellUrl });
  await visitor.goto('/');
  await expect(visitor.getByTestId('seasonal-overlay')).toHaveAttribute('data-style', 'christmas', {
    timeout: 30_000,
  });
  await visitor.close();

  // Restore the theme that was active before, so other specs see the seed state.
  if (previouslyActive[0] && previouslyActive[0] !== name) {
    await cards
      .filter({ has: page.locator('h2', { hasText: previouslyActive[0] }) })
      .getByRole('button', { name: `Activate ${previouslyActive[0]}` })
      .click();
  }
});

test('preview overrides the active theme only in this browser', async ({ page, browser, stack }) => {
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/themes');
  const cards = page.getByTestId('theme-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const halloween = cards.filter({ has: page.locator('h2', { hasText: /halloween|spooky/i }) }).first();
  const name = (await halloween.locator('h2').textContent())!;
  await halloween.getByRole('button', { name: `Preview ${name}` }).click();
  await expect(page.getByTestId('seasonal-overlay')).toHaveAttribute('data-style', 'halloween');

  // The preview is this browser's: it survives a reload here...
  await page.reload();
  await expect(page.getByTestId('seasonal-overlay')).toHaveAttribute('data-style', 'halloween', {
    timeout: 30_000,
  });

  // ...and a visitor (another browser context) still gets the active theme once it has loaded.
  const visitor = await browser.newPage({ baseURL: stack.shellUrl });
  const themeLoaded = visitor.waitForResponse((r) => r.url().endsWith('/active-theme') && r.ok(), {
    timeout: 30_000,
  });
  await visitor.goto('/');
  await themeLoaded;
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.locator('[data-testid="seasonal-overlay"][data-style="halloween"]')).toHaveCount(0);
  await visitor.close();

  await page.getByRole('button', { name: 'Stop preview' }).first().click();
  await expect(page.locator('[data-testid="seasonal-overlay"][data-style="halloween"]')).toHaveCount(0);
});
