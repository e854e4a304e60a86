import { collectErrors, createVerifiedUser, injectSession, noisePng } from '../helpers';
import { copiesOf, eiffelId, expect, test } from './fixtures';

test('an API copy killed in the middle of a session: the next reads and writes succeed and nothing written before is lost', async ({
  page,
  stack,
  cluster,
}) => {
  test.setTimeout(120_000);
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser({ displayName: 'Failover Traveller' });
  // Every request of this session reaches the balancer: a photo the browser cached from api-1 before the kill
  // would otherwise come back from the cache, still carrying api-1's header.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const answers = cluster.record(page);
  const errors = collectErrors(page, [
    /tile\.openstreetmap|overpass|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|Failed to load resource/,
  ]);
  await injectSession(page, user.session, `/explore/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();

  // Before: a comment, liked, and a photo.
  const before = `Written before the crash ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(before);
  await page.getByRole('button', { name: 'Post' }).click();
  const first = page.getByTestId('comment').filter({ hasText: before }).first();
  await expect(first.getByTestId('comment-body').first()).toHaveText(before);
  const firstId = await first.getAttribute('data-comment-id');
  const mine = page.locator(`[data-testid="comment"][data-comment-id="${firstId}"]`);
  await mine.getByTestId('like').first().click();
  await expect(mine.getByTestId('like').first()).toHaveAttribute('aria-pressed', 'true');
  const section = page.locator('section[aria-labelledby="images-h"]');
  await section
    .getByLabel('Choose a photo to upload')
    .setInputFiles({ name: 'before.png', mimeType: 'image/png', buffer: noisePng(120, 90) });
  await expect(section.getByTestId('own-image')).toHaveCount(1);
  expect(copiesOf(answers)).toEqual(cluster.copies);

  // kill -9 api-1 (the Supervisor keeps it down).
  await cluster.kill('api-1');
  const killedAt = Date.now();
  try {
    // Reads: a reload shows everything written before.
    await page.reload();
    await expect(mine.getByTestId('comment-body').first()).toHaveText(before);
    await expect(mine.getByTestId('like').first()).toHaveAttribute('aria-pressed', 'true');
    await expect(mine.getByTestId('like').first().getByTestId('likes')).toHaveText('1');
    await expect(section.getByTestId('own-image')).toHaveCount(1);

    // Writes: a new comment, an unlike, another photo.
    const after = `Written after the crash ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(after);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: after }).first()).toBeVisible();
    await mine.getByTestId('like').first().click();
    await expect(mine.getByTestId('like').first()).toHaveAttribute('aria-pressed', 'false');
    await section
      .getByLabel('Choose a photo to upload')
      .setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: noisePng(120, 90) });
    await expect(section.getByTestId('own-image')).toHaveCount(2);

    // And read back once more.
    await page.reload();
    await expect(page.getByTestId('comment').filter({ hasText: after }).first()).toBeVisible();
    await expect(mine.getByTestId('comment-body').first()).toHaveText(before);
    await expect(mine.getByTestId('like').first().getByTestId('likes')).toHaveText('0');
    await expect(section.getByTestId('own-image')).toHaveCount(2);

    // Everything asked after the kill was answered by the surviving copy, and nothing failed.
    const since = answers.filter((a) => a.started >= killedAt);
    expect(since.filter((a) => a.method !== 'GET').length).toBeGreaterThanOrEqual(3);
    expect(since.filter((a) => a.copy !== 'api-2' || a.status >= 500)).toEqual([]);
  } finally {
    await cluster.resume('api-1');
  }
  expect(errors).toEqual([]);
});
