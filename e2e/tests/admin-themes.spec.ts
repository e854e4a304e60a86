import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

test('activating a christmas theme shows snow to a visitor', async ({ page, browser, stack }) => {
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/themes');
  const cards = page.getByTestId('theme-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const previouslyActive = await cards.filter({ has: page.locator('.wf-badge', { hasText: 'Active' }) }).locator('h2').allTextContents();
  const christmas = cards.filter({ has: page.locator('h2', { hasText: /christmas|winter/i }) }).first();
  const name = (await christmas.locator('h2').textContent())!;

  await christmas.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(page.getByText(`“${name}” is now the active theme for every visitor.`)).toBeVisible();

  const visitor = await browser.newPage({ baseURL: stack.shellUrl });
  await visitor.goto('/');
  await expect(visitor.getByTestId('seasonal-overlay')).toHaveAttribute('data-style', 'christmas', { timeout: 30_000 });
  await visitor.close();

  // Restore the theme that was active before, so other specs see the seed state.
  if (previouslyActive[0] && previouslyActive[0] !== name) {
    await cards.filter({ has: page.locator('h2', { hasText: previouslyActive[0] }) }).getByRole('button', { name: `Activate ${previouslyActive[0]}` }).click();
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

  const visitor = await browser.newPage({ baseURL: stack.shellUrl });
  await visitor.goto('/');
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
  const visitorStyle = await visitor.getByTestId('seasonal-overlay').getAttribute('data-style').catch(() => null);
  expect(visitorStyle).not.toBe('halloween');
  await visitor.close();
  await page.getByRole('button', { name: 'Stop preview' }).first().click();
});
