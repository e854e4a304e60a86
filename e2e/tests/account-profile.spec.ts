import { test, expect } from '../fixtures';
import { collectErrors, signUpVerified } from '../helpers';

test('edit the profile, crop and upload an avatar: the navbar follows', async ({ page, stack }) => {
  const errors = collectErrors(page, [/Failed to load resource/, /favicon/]);
  const user = await signUpVerified(page, { displayName: 'Before Name' }, '/account');
  await expect(page.getByTestId('account-email')).toHaveText(user.email);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Display name').fill('After Name');
  await form.getByLabel('First name').fill('Katherine');
  await form.getByLabel('Last name').fill('Johnson');
  await form.getByLabel('Display name').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();
  await expect(page.getByTestId('profile-view').getByText('Katherine Johnson')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('After Name')).toBeVisible();
  await page.keyboard.press('Escape');

  // A 300x200 PNG drawn by the browser itself.
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 300;
    c.height = 200;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#c33';
    ctx.fillRect(0, 0, 300, 200);
    ctx.fillStyle = '#33c';
    ctx.fillRect(200, 0, 100, 200);
    return c.toDataURL('image/png');
  });
  await page.getByLabel('Choose an image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Cropped avatar preview' })).toBeVisible();
  await page.getByLabel('Zoom').fill('2');
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Avatar updated.' })).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your avatar' });
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${stack.apiUrl}/avatars/[0-9a-f-]{36}\\?v=\\d+$`));
  // The stored avatar is a square JPEG of 256 px.
  const size = await avatar.evaluate(
    (img: HTMLImageElement) =>
      new Promise<[number, number]>((resolve) => {
        const probe = new Image();
        probe.onload = () => resolve([probe.naturalWidth, probe.naturalHeight]);
        probe.src = img.src;
      }),
  );
  expect(size).toEqual([256, 256]);
  await expect(page.locator('.wf-nav__avatar img')).toHaveAttribute('src', /\/avatars\//);

  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Avatar removed.' })).toBeVisible();
  await expect(page.locator('.wf-nav__avatar img')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** Elements of the account pages that stick out of the viewport (the shell's navbar is not checked here). */
const overflowing = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.acc-page, .acc-page *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName}.${e.className}`),
  );

test('the account pages work on a phone-sized screen with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpVerified(page, {}, '/overview');
  await expect(page.getByTestId('overview-plan')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  for (const path of ['/account', '/shop']) {
    await page.goto(path);
    await expect(page.locator('.acc-page h1')).toBeVisible();
    await expect(page.locator('.wf-skeleton')).toHaveCount(0);
    expect(await overflowing(page)).toEqual([]);
  }

  await page.goto('/subscribe?plan=standard');
  await expect(page.getByTestId('quote-summary')).toBeVisible();
  // Tab to the confirm button and press Enter.
  const confirm = page.getByRole('button', { name: 'Subscribe and pay $9.99' });
  for (let i = 0; i < 40 && !(await confirm.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You are now on Standard.' })).toBeVisible();
  await expect(page.getByRole('table').getByText('Standard (monthly)')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
});
