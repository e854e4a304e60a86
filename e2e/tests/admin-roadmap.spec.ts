import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { USERS, signIn } from '../helpers';

const titles = (page: Page) => page.getByTestId('admin-roadmap-row').locator('h3').allTextContents();

test('admin reorders the roadmap with the keyboard and the order persists after reload', async ({ page }) => {
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/roadmap');
  await expect(page.getByTestId('admin-roadmap-row').nth(1)).toBeVisible({ timeout: 30_000 });
  const before = await titles(page);
  const second = before[1]!;

  const up = page.getByRole('button', { name: `Move ${second} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => titles(page)).toEqual([second, before[0], ...before.slice(2)]);
  await expect(page.getByText(`Moved “${second}” to position 1 of ${before.length}.`)).toBeAttached();

  await page.reload();
  await expect.poll(() => titles(page), { timeout: 30_000 }).toEqual([second, before[0], ...before.slice(2)]);

  // Put the seed order back for the other specs, again by keyboard.
  const down = page.getByRole('button', { name: `Move ${second} down` });
  await down.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => titles(page)).toEqual(before);
  await page.reload();
  await expect.poll(() => titles(page), { timeout: 30_000 }).toEqual(before);
});
