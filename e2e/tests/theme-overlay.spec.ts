import { test, expect } from '../fixtures';
import { USERS, accessToken } from '../helpers';

interface Theme {
  id: string;
  name: string;
  is_active: boolean;
}

async function api<T>(apiUrl: string, path: string, token: string, method = 'GET'): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test('the seasonal overlay appears when the admin activates a christmas theme', async ({ page, stack }) => {
  const token = await accessToken(USERS.admin);
  const { themes } = await api<{ themes: Theme[] }>(stack.apiUrl, '/admin/themes', token);
  const christmas = themes.find((t) => /christmas|winter/i.test(t.name));
  expect(christmas, 'a seeded christmas theme').toBeTruthy();
  const before = themes.find((t) => t.is_active);
  try {
    await api(stack.apiUrl, `/admin/themes/${christmas!.id}/activate`, token, 'POST');
    await page.goto('/pricing');
    const overlay = page.getByTestId('seasonal-overlay');
    await expect(overlay).toHaveAttribute('data-style', 'christmas', { timeout: 30_000 });
    await expect(overlay.locator('span')).toHaveCount(50);
    await expect(overlay).toHaveCSS('pointer-events', 'none');
    // The overlay must not block the page: the toggle under it still works.
    await page.getByRole('button', { name: /Yearly/ }).click();
    await expect(page.getByTestId('price-standard')).toContainText('95.88');

    // Off under prefers-reduced-motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(overlay).toBeHidden();
  } finally {
    if (before && before.id !== christmas!.id)
      await api(stack.apiUrl, `/admin/themes/${before.id}/activate`, token, 'POST');
  }
});

test('a non-seasonal active theme shows no overlay', async ({ page, stack }) => {
  const token = await accessToken(USERS.admin);
  const { themes } = await api<{ themes: Theme[] }>(stack.apiUrl, '/admin/themes', token);
  const plain = themes.find((t) => !/christmas|winter|halloween|spooky/i.test(t.name));
  test.skip(!plain, 'no non-seasonal theme seeded');
  const before = themes.find((t) => t.is_active);
  try {
    await api(stack.apiUrl, `/admin/themes/${plain!.id}/activate`, token, 'POST');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('seasonal-overlay')).toHaveCount(0);
  } finally {
    if (before && before.id !== plain!.id)
      await api(stack.apiUrl, `/admin/themes/${before.id}/activate`, token, 'POST');
  }
});

test('the theme switcher sets the class on <html> and keeps it across reloads', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('theme-light');
  await expect(page.locator('html')).toHaveClass(/theme-light/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/theme-light/, { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('theme-light');
});
