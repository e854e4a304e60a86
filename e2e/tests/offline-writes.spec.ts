import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { api, createVerifiedUser, eiffelId, injectSession } from '../helpers';

/**
 * Comments (with their rating) and likes made offline are queued, shown at once as pending, and
 * sent when the connection returns, in order and once each; the server's answer replaces the pending state, and a
 * write the server refuses says so. Checked through the API, not only on screen.
 */
const PENDING = 'Pending — will be sent when you are back online';

type Listed = { id: string; body: string; rating: number | null; likes_count: number; user_liked: boolean };
const listed = async (apiUrl: string, token: string, sightId: string) =>
  (await api(apiUrl, token, 'GET', `/sights/${sightId}/comments`)).body.items as Listed[];

/** The comment and like writes the page sends (POST), in order. */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/comments(\/[^/]+\/like)?$/.test(new URL(r.url()).pathname))
      writes.push(new URL(r.url()).pathname.endsWith('/like') ? 'like' : 'comment');
  });
  return writes;
}

test('a rated comment and a like made offline show as pending, then reach the server once each when back online', async ({
  page,
  context,
  stack,
}) => {
  const id = await eiffelId(stack.apiUrl);
  const other = await createVerifiedUser({ displayName: 'Earlier Visitor' });
  const target = await api(stack.apiUrl, other.session.access_token, 'POST', `/sights/${id}/comments`, {
    body: `Worth the queue ${Date.now()}`,
  });
  expect(target.status).toBe(201);
  const me = await createVerifiedUser({ displayName: 'Offline Traveller' });
  const token = me.session.access_token;
  const writes = writesOf(page);
  await injectSession(page, me.session, `/explore/${id}`);
  const theirs = page.locator(`[data-testid="comment"][data-comment-id="${target.body.id}"]`);
  await expect(theirs).toBeVisible();

  await context.setOffline(true);
  const text = `Written in the basement ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(text);
  await page.getByRole('radio', { name: '4 stars' }).click();
  await page.getByRole('button', { name: 'Post' }).click();
  const pending = page.getByTestId('pending-comment').filter({ hasText: text });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(PENDING);
  // The form is free again at once: the write waits in the queue, not in the form.
  await expect(page.getByRole('textbox', { name: 'Comment', exact: true })).toHaveValue('');

  const like = theirs.getByTestId('like').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('likes')).toHaveText('1');
  await expect(theirs.getByTestId('pending-write')).toHaveText(PENDING);
  // Nothing left the browser, and the server has neither.
  expect(writes).toEqual([]);
  expect((await listed(stack.apiUrl, token, id)).filter((c) => c.body === text)).toHaveLength(0);

  await context.setOffline(false);
  // The server's answers replace the pending state: the comment is a real one (with its id), the like counted.
  const posted = page.getByTestId('comment').filter({ hasText: text });
  await expect(posted).toHaveCount(1, { timeout: 15_000 });
  await expect(posted).toHaveAttribute('data-comment-id', /^[0-9a-f-]{36}$/);
  await expect(page.getByTestId('pending-comment')).toHaveCount(0);
  await expect(page.getByTestId('pending-write')).toHaveCount(0);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('likes')).toHaveText('1');
  // In the order they were made, once each.
  expect(writes).toEqual(['comment', 'like']);

  const items = await listed(stack.apiUrl, token, id);
  const mine = items.filter((c) => c.body === text);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.rating).toBe(4);
  expect(items.find((c) => c.id === target.body.id)).toMatchObject({ likes_count: 1, user_liked: true });
  // Still once after a reload (nothing is left in the queue to send again).
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: text })).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(writes).toEqual(['comment', 'like']);
  expect((await listed(stack.apiUrl, token, id)).filter((c) => c.body === text)).toHaveLength(1);
});

test('a queued write the server refuses says so, and its pending state goes', async ({
  page,
  context,
  stack,
}) => {
  const id = await eiffelId(stack.apiUrl);
  const other = await createVerifiedUser({ displayName: 'Soon Gone' });
  const target = await api(stack.apiUrl, other.session.access_token, 'POST', `/sights/${id}/comments`, {
    body: `About to be deleted ${Date.now()}`,
  });
  const me = await createVerifiedUser({ displayName: 'Late Liker' });
  await injectSession(page, me.session, `/explore/${id}`);
  const theirs = page.locator(`[data-testid="comment"][data-comment-id="${target.body.id}"]`);
  await expect(theirs).toBeVisible();

  await context.setOffline(true);
  await theirs.getByTestId('like').first().click();
  await expect(theirs.getByTestId('pending-write')).toHaveText(PENDING);
  // Meanwhile its author deletes it: the like, sent later, is refused (404).
  const del = await api(stack.apiUrl, other.session.access_token, 'DELETE', `/comments/${target.body.id}`);
  expect(del.status).toBe(200);
  await context.setOffline(false);

  const refused = page.getByTestId('refused-write');
  await expect(refused).toHaveText(/Your like was not sent: Comment not found/, { timeout: 15_000 });
  await expect(refused).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('pending-write')).toHaveCount(0);
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
});

test('a write whose answer was lost is sent again after a reload and still applied once', async ({
  page,
  stack,
}) => {
  const id = await eiffelId(stack.apiUrl);
  const me = await createVerifiedUser({ displayName: 'Unlucky Connection' });
  await injectSession(page, me.session, `/explore/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();

  // The first POST reaches the API, but its answer never comes back to the page.
  let reached = 0;
  await page.route('**/sights/*/comments', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    reached += 1;
    await route.fetch();
    // never fulfilled: the answer is lost
  });
  const text = `Answer lost ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => reached).toBe(1);
  await expect
    .poll(async () =>
      (await listed(stack.apiUrl, me.session.access_token, id)).filter((c) => c.body === text),
    )
    .toHaveLength(1);
  // The write was still in flight: it is kept, and the reopened page sends it again with the same key.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('wf-explore-offline-writes') ?? ''))
    .toContain(text);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: text })).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('pending-comment')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('wf-explore-offline-writes'))).toBeNull();
  expect(
    (await listed(stack.apiUrl, me.session.access_token, id)).filter((c) => c.body === text),
  ).toHaveLength(1);
});
