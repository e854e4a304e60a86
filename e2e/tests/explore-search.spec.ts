import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

const PARIS = '/explore?lat=48.8584&lon=2.2945&km=5';

test.describe('explore search box', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
  });

  test('by keyboard: a misspelt name, ArrowDown, Enter opens the sight', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search a place' });
    await box.focus();
    await box.pressSequentially('colloseum');
    const list = page.getByRole('listbox', { name: 'Sights and places' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = list.getByRole('option').first();
    await expect(first).toContainText('Colosseum');
    await expect(first).toContainText('Landmark');
    // Distance from the map's centre (Paris to Rome, about 1,100 km).
    await expect(first).toContainText(/1[,.]?1\d\d km/);
    await expect(page.getByTestId('search-count')).toHaveText(/\d+ results? for colloseum/);

    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explore\/wd-Q10285(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Colosseum' })).toBeVisible();
  });

  test('Escape closes the list; a place still moves the map', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search a place' });
    await box.focus();
    await box.pressSequentially('barcelona');
    const option = page
      .getByRole('option')
      .filter({ hasText: /^Barcelona/ })
      .first();
    await expect(option).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await option.click();
    await expect(page).toHaveURL(/lat=41\.\d+.*lon=2\.\d+.*q=Barcelona/);
  });
});
