import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

test('an ordinary user sees Admins only at /admin and the admin API answers 403', async ({ page, stack }) => {
  const session = await signIn(page, USERS.traveller.email, USERS.traveller.password, '/admin');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  const reads = [
    '/admin/stats',
    '/admin/roadmap',
    '/admin/online-users',
    '/admin/images/pending',
    '/admin/shop/items',
    '/admin/themes',
    '/admin/sights?q=tower',
    '/admin/audit-log',
  ];
  for (const path of reads) {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status, path).toBe(403);
    expect((await fetch(`${stack.apiUrl}${path}`)).status, `${path} without a token`).toBe(401);
  }
  const write = await fetch(`${stack.apiUrl}/admin/news`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Not allowed', content: 'x' }),
  });
  expect(write.status).toBe(403);
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
});

test('the admin gets the dashboard with its sections', async ({ page }) => {
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-users')).toBeVisible();
  await expect(page.getByTestId('online-users').getByRole('alert')).toHaveCount(0);
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/logs$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
});
