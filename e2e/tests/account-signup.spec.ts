import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { collectErrors, fillSignup, injectSession, mailboxCode, nodeClient } from '../helpers';

let n = 0;
const freshEmail = (tag: string) => `acc-${tag}-${Date.now()}-${n++}@example.test`;

/** Reads the newest code for an address from the local mailbox page, as a person would. */
async function codeFromMailboxPage(page: Page, apiUrl: string, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`${apiUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
  const code = (await mailbox.getByLabel('Code').first().textContent())?.trim() ?? '';
  await mailbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test.afterEach(async ({ stack }) => {
  await stack.control('shell', 'normal');
});

test('sign up, read the code from the local mailbox, verify and land on /explore', async ({
  page,
  stack,
}) => {
  const errors = collectErrors(page, [/Failed to load resource/, /favicon/]);
  const email = freshEmail('signup');
  await page.goto('/login');
  await fillSignup(page, email);
  // Enter submits the current mode.
  await page.getByLabel('Confirm password').press('Enter');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'We sent a 6-digit code to your email. Enter it to activate your account.' }),
  ).toBeVisible();
  await expect(page.getByText(/^Code expires in 1[0-9]{2}s$/)).toBeVisible();

  const code = await codeFromMailboxPage(page, stack.apiUrl, email);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await expect(page.getByLabel('Digit 6')).toHaveValue(code[5]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  // The sign-up metadata fills the profile, so there is nothing left to complete.
  await expect(page).toHaveURL(/\/explore(\?|$)/, { timeout: 30_000 });
  await expect(page.getByTestId('currency-balance')).toBeVisible();

  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  const profile = page.getByTestId('profile-view');
  await expect(profile.getByText('Amazing Grace')).toBeVisible();
  await expect(profile.getByText('Grace Hopper')).toBeVisible();
  await expect(profile.getByText('December 9, 1986')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a one-time-code autofill delivers the whole code into the first box: all six boxes fill and Enter verifies', async ({
  page,
  stack,
}) => {
  const email = freshEmail('autofill');
  await page.goto('/login');
  await fillSignup(page, email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const boxes = [1, 2, 3, 4, 5, 6].map((i) => page.getByLabel(`Digit ${i}`));
  await expect(boxes[0]!).toHaveAttribute('autocomplete', 'one-time-code');

  // An input method inserting a code into a later box (one insertText event) fills the boxes from the first.
  await boxes[2]!.focus();
  await page.keyboard.insertText('000000');
  for (const b of boxes) await expect(b).toHaveValue('0');

  // The autofill: the whole code as one input event into the first box.
  const code = await codeFromMailboxPage(page, stack.apiUrl, email);
  await boxes[0]!.fill(code);
  for (const [i, b] of boxes.entries()) await expect(b).toHaveValue(code[i]!);
  await expect(boxes[5]!).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/explore(\?|$)/, { timeout: 30_000 });
});

test('a signed-in user with an incomplete profile completes it in profile mode, then lands on /explore', async ({
  page,
  stack,
}) => {
  const email = freshEmail('profile');
  const sb = nodeClient();
  // Only a name in the metadata: gender and birthday are missing.
  const { error } = await sb.auth.signUp({
    email,
    password: 'lovelace-1815',
    options: { data: { name: 'Ada' } },
  });
  expect(error).toBeNull();
  const { data } = await sb.auth.verifyOtp({
    email,
    token: await mailboxCode(stack.apiUrl, email),
    type: 'signup',
  });
  await injectSession(page, data.session!, '/login');

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Save & continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose a valid birthday.');
  await page.getByLabel('Day').selectOption('29');
  await page.getByLabel('Month').selectOption({ label: 'February' });
  await page.getByLabel('Year').selectOption('2001');
  // 29 February does not exist in 2001: the day follows the month length.
  await expect(page.getByLabel('Day')).toHaveValue('28');
  await page.getByRole('button', { name: 'Save & continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a gender option.');
  await page.getByLabel('Gender').selectOption('non-binary');
  await page.getByRole('button', { name: 'Save & continue' }).click();
  await expect(page).toHaveURL(/\/explore(\?|$)/, { timeout: 30_000 });

  await page.goto('/account');
  await expect(page.getByTestId('profile-view').getByText('February 28, 2001')).toBeVisible();
  await expect(page.getByTestId('profile-view').getByText('Non-binary')).toBeVisible();
});

test('an expired code shows the spec message and Resend code issues a fresh one', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await stack.restartApi({ OTP_TTL_SECONDS: 2 });
  try {
    const email = freshEmail('expired');
    await page.goto('/login');
    await fillSignup(page, email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    const code = await mailboxCode(stack.apiUrl, email);
    await page.waitForTimeout(3_000);
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code has expired. Tap "Resend code".');

    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'We sent a new code. Check your inbox.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Digit 1')).toHaveValue('');
    await expect(page.getByText(/^Code expires in 1[0-9]{2}s$/)).toBeVisible();
  } finally {
    await stack.restartApi();
  }
});
