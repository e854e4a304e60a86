import { collectErrors, fillSignup, mailboxCode, noisePng } from '../helpers';
import { copiesOf, eiffelId, expect, test } from './fixtures';

const NETWORK_NOISE = [
  /tile\.openstreetmap|overpass|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|Failed to load resource/,
];

test('sign up, comment, like and upload a photo through nginx: both API copies answer, and all of it is there after a reload', async ({
  page,
  stack,
  cluster,
}) => {
  const answers = cluster.record(page);
  const errors = collectErrors(page, NETWORK_NOISE);
  const email = `cluster-${Date.now()}@example.test`;

  // Sign up in the browser; the code comes from the mailbox (in PostgreSQL: either copy can serve it).
  await page.goto('/login');
  await fillSignup(page, email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const code = await mailboxCode(stack.apiUrl, email);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/explore(\?|$)/, { timeout: 30_000 });
  await expect(page.getByTestId('currency-balance')).toBeVisible();

  // Comment with a rating, like it.
  const id = await eiffelId(stack.apiUrl);
  await page.goto(`/explore/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();
  const text = `Seen from two copies ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(text);
  await page.getByRole('radio', { name: '4 stars' }).click();
  await page.getByRole('button', { name: 'Post' }).click();
  const posted = page.getByTestId('comment').filter({ hasText: text }).first();
  await expect(posted.getByTestId('comment-body').first()).toHaveText(text);
  const mine = page.locator(
    `[data-testid="comment"][data-comment-id="${await posted.getAttribute('data-comment-id')}"]`,
  );
  const like = mine.getByTestId('like').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('likes')).toHaveText('1');

  // Upload a photo: multipart through nginx to a copy, bytes into the S3 bucket.
  const section = page.locator('section[aria-labelledby="images-h"]');
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/sights\/[^/]+\/images$/.test(new URL(r.url()).pathname),
  );
  await section
    .getByLabel('Choose a photo to upload')
    .setInputFiles({ name: 'tower.png', mimeType: 'image/png', buffer: noisePng(200, 160) });
  const res = await uploaded;
  expect(res.status()).toBe(201);
  const imageId = ((await res.json()) as { image: { id: string } }).image.id;
  await expect(section.getByTestId('own-image')).toHaveCount(1);
  await expect(section.getByTestId('own-image').getByTestId('pending')).toHaveText('Pending review');
  expect((await cluster.objects()).some((o) => o.key.includes(imageId))).toBe(true);

  // A reload reads everything back (from whichever copy nginx picks).
  await page.reload();
  await expect(mine.getByTestId('comment-body').first()).toHaveText(text);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('likes')).toHaveText('1');
  await expect(section.getByTestId('own-image')).toHaveCount(1);

  // Every answer came from an API copy (none from nginx itself), none failed, and both copies took part.
  expect(answers.length).toBeGreaterThan(10);
  expect(answers.filter((a) => a.copy === null || a.status >= 500)).toEqual([]);
  expect(copiesOf(answers)).toEqual(cluster.copies);
  // Writes too were spread: sign-up, verify, comment, like and upload reached the copies round robin.
  const writes = answers.filter((a) => a.method !== 'GET');
  expect(writes.length).toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
});
