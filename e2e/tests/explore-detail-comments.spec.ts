import { test, expect } from '../fixtures';
import { createVerifiedUser, injectSession, eiffelId } from '../helpers';

test('sight detail: rated comment, reply, like/unlike, edit, delete; another user cannot edit', async ({
  page,
  stack,
  browser,
}) => {
  const id = await eiffelId(stack.apiUrl);
  const first = await createVerifiedUser({ displayName: 'First Traveller' });
  await injectSession(page, first.session, `/explore/${id}?lat=48.85&lon=2.29&km=5&type=all`);

  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /back to the list/i }).first()).toHaveAttribute(
    'href',
    /\/explore\?lat=48\.85&lon=2\.29&km=5&type=all/,
  );
  // With no ratings yet the page shows 'No ratings yet' and no count element.
  await expect(page.getByTestId('sight-rating')).toBeVisible();
  const count0 = (await page.getByTestId('rating-count').count())
    ? Number(await page.getByTestId('rating-count').textContent())
    : 0;

  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill('<b>Great</b> view at night');
  await page.getByRole('radio', { name: '5 stars' }).click();
  await page.getByRole('button', { name: 'Post' }).click();
  const posted = page.getByTestId('comment').filter({ hasText: 'view at night' }).first();
  await expect(posted.getByTestId('comment-body').first()).toHaveText('<b>Great</b> view at night');
  // Pin the comment by id: its text changes below (an edit box has no text content).
  const mine = page.locator(
    `[data-testid="comment"][data-comment-id="${await posted.getAttribute('data-comment-id')}"]`,
  );
  await expect(page.getByTestId('rating-count')).toHaveText(String(count0 + 1));

  await mine.getByRole('button', { name: /^Reply/ }).click();
  await mine.getByLabel('Reply').fill('Agreed, go at sunset');
  await mine.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(mine.getByText('Agreed, go at sunset')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Reply (1)' })).toBeVisible();

  const like = mine.getByTestId('like').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('likes')).toHaveText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like.getByTestId('likes')).toHaveText('0');

  await mine.getByRole('button', { name: 'Edit' }).first().click();
  await mine.locator('textarea').first().fill('Edited: great view');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByTestId('comment-body').first()).toHaveText('Edited: great view');

  // A second user sees no edit/delete on the first user's comment, and the API refuses the edit.
  const second = await createVerifiedUser({ displayName: 'Second Traveller' });
  const ctx2 = await browser.newContext({ baseURL: stack.shellUrl });
  const page2 = await ctx2.newPage();
  await injectSession(page2, second.session, `/explore/${id}`);
  const theirs = page2.getByTestId('comment').filter({ hasText: 'Edited: great view' }).first();
  await expect(theirs).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const commentId = await theirs.getAttribute('data-comment-id');
  const denied = await fetch(`${stack.apiUrl}/comments/${commentId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${second.session.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: 'hijack' }),
  });
  expect(denied.status).toBe(403);
  await ctx2.close();

  page.once('dialog', (d) => void d.accept());
  await mine.getByRole('button', { name: 'Delete' }).first().click();
  await expect(page.getByText('Edited: great view')).toHaveCount(0);
  await expect(page.getByText('Agreed, go at sunset')).toHaveCount(0);
  await expect(page.getByTestId('rating-count'))
    .toHaveText(String(count0))
    .catch(async () => {
      // With no ratings left the page shows 'No ratings yet' instead of a count.
      await expect(page.getByTestId('sight-rating')).toContainText('No ratings yet');
    });
});

test('an unknown id shows not found; signed out, the detail route redirects to /login with next', async ({
  page,
  stack,
}) => {
  const user = await createVerifiedUser({ displayName: 'Lost Traveller' });
  await injectSession(page, user.session, '/explore/does-not-exist-123');
  await expect(page.getByRole('heading', { name: 'Sight not found' })).toBeVisible();

  // The detail route is behind the sign-in guard (spec point 2): a signed-out visitor goes to /login with next.
  const id = await eiffelId(stack.apiUrl);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`/explore/${id}`);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('next') === `/explore/${id}`,
  );
});
