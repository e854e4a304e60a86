import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, signUpVerified } from '../helpers';

test('top up coins, buy an item and see the navbar balance drop at once', async ({ page }) => {
  const errors = collectErrors(page, [/Failed to load resource/, /favicon/]);
  await signUpVerified(page, {}, '/shop');
  const navBalance = page.getByTestId('currency-balance');
  await expect(navBalance).toHaveAttribute('aria-label', 'Balance: 0 coins');
  const guide = page.getByTestId('shop-item').filter({ hasText: 'Extra guide' });
  await expect(guide.getByText('Insufficient balance: you need 50 coins more.')).toBeVisible();
  await expect(page.getByText('No purchases yet.')).toBeVisible();

  // Coins come from the local checkout (the development API has no payment provider: credited at once).
  await page.getByRole('button', { name: 'Top up 100' }).click();
  const topUp = page.getByRole('dialog', { name: 'Top up 100 coins?' });
  await expect(topUp).toContainText('added to your balance as soon as the payment is confirmed');
  await topUp.getByRole('button', { name: 'Pay $0.99' }).click();
  await expect(navBalance).toHaveAttribute('aria-label', 'Balance: 100 coins');

  await guide.getByRole('button', { name: 'Buy Extra guide for 50 coins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Extra guide?' });
  await expect(dialog).toContainText('Your balance after this purchase: 50 coins.');
  // Keyboard: the confirm button has focus.
  await expect(dialog.getByRole('button', { name: 'Buy for 50 coins' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(navBalance).toHaveAttribute('aria-label', 'Balance: 50 coins');
  await expect(page.getByTestId('shop-balance')).toHaveText('Your balance: 50 coins');
  await expect(page.getByTestId('purchase-history').getByText('Extra guide')).toBeVisible();

  // Not enough for the badge: the purchase cannot be confirmed.
  await page.getByRole('button', { name: /Buy Explorer badge/ }).click();
  const refuse = page.getByRole('dialog', { name: 'Buy Explorer badge?' });
  await expect(refuse).toContainText(
    'Insufficient balance: Explorer badge costs 500 coins and you have 50 coins.',
  );
  await expect(refuse.getByRole('button', { name: 'Buy for 500 coins' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(refuse).toHaveCount(0);

  // The balance survives a reload (it is the server's).
  await page.reload();
  await expect(navBalance).toHaveAttribute('aria-label', 'Balance: 50 coins');
  expect(errors).toEqual([]);
});

// @needs-marketing (here and below): starts on marketing's /pricing, so a run of the account remote alone with a stub
// marketing leaves it out (scripts/lib/remote-test.ts needsTag); `pnpm test` runs it.
test('subscribe to premium (trial) and the overview and account show the plan @needs-marketing', async ({
  page,
}) => {
  await signUpVerified(page, {}, '/pricing');
  await page.getByRole('link', { name: 'Choose the Premium plan' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=premium$/);
  await expect(page.getByRole('heading', { name: 'Subscribe to Premium', level: 1 })).toBeVisible();
  await expect(page.getByTestId('plan-price')).toHaveText('$19.99 per month');
  await expect(page.getByRole('note')).toContainText('your plan changes as soon as the payment is confirmed');
  await page.getByRole('button', { name: 'Yearly · Save 2 months' }).click();
  await expect(page.getByTestId('plan-price')).toHaveText('$191.88 per year');
  await expect(page.getByTestId('quote-summary')).toContainText(
    'Your 7-day free trial of Premium starts now and nothing is charged today.',
  );
  await expect(page.getByTestId('quote-summary')).toContainText('$191.88 per year');
  await expect(page.getByTestId('due-today')).toHaveText('$0');
  await page.getByRole('button', { name: 'Start 7-day free trial' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your Premium trial has started.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'This is your current plan' })).toBeDisabled();

  await page.getByRole('link', { name: 'See your overview' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  const plan = page.getByTestId('overview-plan');
  await expect(plan.getByText('Premium')).toBeVisible();
  await expect(plan.getByText('Trial', { exact: true })).toBeVisible();
  await expect(plan).toContainText('Free trial until');
  await expect(page.getByTestId('overview-guides')).toContainText('0 used this month (unlimited)');

  await page.goto('/account');
  await expect(page.getByTestId('account-plan')).toHaveText('Premium (yearly) · free trial');
  // Cancelling keeps the trial to its end and charges nothing.
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel at the end of this cycle' }).click();
  await expect(page.getByText(/the plan ends then, nothing is charged\./)).toBeVisible();

  // Moving down to Standard waits for the end of the trial.
  await page.goto('/subscribe?plan=standard');
  await expect(page.getByTestId('quote-summary')).toContainText('Standard starts at $9.99 per month');
});

test('pricing in yearly mode opens the checkout in yearly billing, also through the sign-in a visitor needs first @needs-marketing', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/pricing');
  await page.getByRole('button', { name: /Yearly/ }).click();
  await expect(page.getByTestId('price-standard')).toContainText('95.88');
  await page.getByRole('link', { name: 'Choose the Standard plan' }).click();
  // The guard keeps the whole link, period included, in next.
  await expect(page).toHaveURL(/\/login\?next=%2Fsubscribe%3Fplan%3Dstandard%26period%3Dyearly$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=standard&period=yearly$/, { timeout: 30_000 });
  await expect(page.getByTestId('plan-price')).toHaveText('$95.88 per year');
  await expect(page.getByRole('button', { name: 'Yearly · Save 2 months' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('quote-summary')).toContainText('$95.88 per year');

  // Signed in, the same link straight from the pricing page.
  await page.goto('/pricing');
  await page.getByRole('button', { name: /Yearly/ }).click();
  await page.getByRole('link', { name: 'Choose the Premium plan' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=premium&period=yearly$/);
  await expect(page.getByTestId('plan-price')).toHaveText('$191.88 per year');
});
