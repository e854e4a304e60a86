import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createVerifiedUser, nodeClient, signIn } from '../helpers';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('login shows the spec messages: missing fields, invalid e-mail, wrong password, unconfirmed e-mail', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter email and password.');
  await logIn(page, 'not-an-address', 'whatever');
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await logIn(page, user.email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);

  // Signed up but never verified.
  const pending = `acc-unconfirmed-${Date.now()}@example.test`;
  const { error } = await nodeClient().auth.signUp({
    email: pending,
    password: 'pending-123',
    options: { data: { name: 'Pending' } },
  });
  expect(error).toBeNull();
  await logIn(page, pending, 'pending-123');
  await expect(page.getByRole('alert')).toHaveText('Please confirm your email first.');

  // Show/hide password.
  const pw = page.getByLabel('Password', { exact: true });
  await expect(pw).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(pw).toHaveAttribute('type', 'text');
});

test('a guarded page sends a signed-out visitor to /login with next, and signing in returns there', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/login\?next=%2Fshop$/);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  // History was replaced: Back does not return to the login form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('a next that is not a path is ignored and the user lands on /explore', async ({ page }) => {
  const user = await createVerifiedUser();
  await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/explore(\?|$)/);
});

test('logging out in one tab logs out the other (BroadcastChannel "auth")', async ({ page, context }) => {
  const user = await createVerifiedUser();
  await signIn(page, user.email, user.password, '/account');
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  const other = await context.newPage();
  await other.goto('/overview');
  await expect(other.getByTestId('overview-plan')).toBeVisible();
  await expect(other.getByTestId('currency-balance')).toBeVisible();

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();
  // The other tab notices without a reload: its guard sends it to /login with next.
  await expect(other).toHaveURL(/\/login\?next=%2Foverview$/, { timeout: 15_000 });
  await expect(other.getByTestId('currency-balance')).toHaveCount(0);
  await expect(other.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await other.close();
});
