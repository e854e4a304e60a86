import { test, expect } from '../fixtures';
import { USERS, nodeClient, signIn } from '../helpers';

// A real 16x16 PNG (opaque teal), so the server's content check and re-encoding accept it.
const PNG_16 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOw37aCJMQwqmFUw/DVAAAnGJ0QJnGwSgAAAABJRU5ErkJggg==';

test('an image uploaded through the API is approved by the admin and then shown on the sight @needs-explore', async ({
  page,
  stack,
}) => {
  const near = await fetch(`${stack.apiUrl}/sights/nearby?lat=48.8584&lon=2.2945&km=5`).then((r) => r.json());
  const sight = (near.items ?? near)[0] as { id: string; name: string };
  expect(sight?.id).toBeTruthy();

  const sb = nodeClient();
  const { data } = await sb.auth.signInWithPassword(USERS.traveller);
  const form = new FormData();
  form.set('image', new Blob([Buffer.from(PNG_16, 'base64')], { type: 'image/png' }), 'e2e.png');
  const up = await fetch(`${stack.apiUrl}/sights/${encodeURIComponent(sight.id)}/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${data.session!.access_token}` },
    body: form,
  });
  expect(up.status, await up.clone().text()).toBeLessThan(300);

  const detailBefore = await fetch(`${stack.apiUrl}/sights/detail/${encodeURIComponent(sight.id)}`).then(
    (r) => r.json(),
  );
  const countBefore = JSON.stringify(detailBefore).match(/"status":"approved"/g)?.length ?? 0;

  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/pending-images');
  const card = page.getByTestId('pending-image').filter({ hasText: sight.name }).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('by '); // the uploader is shown
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  // A broken image is 'complete' too: the signed preview must have decoded to real pixels.
  await expect
    .poll(() => card.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth))
    .toBeGreaterThan(0);
  await card.getByRole('button', { name: /^Approve image/ }).click();
  await expect(page.getByText(/^Approved the image for /)).toBeVisible();

  await page.goto(`/explore/${encodeURIComponent(sight.id)}`);
  await expect(page.getByRole('heading', { name: sight.name }).first()).toBeVisible({ timeout: 30_000 });
  // The approved photo is served through the signed image route on the sight page.
  await expect(page.locator('img[src*="/sights/images/"]').first()).toBeVisible({ timeout: 30_000 });
  const detailAfter = await fetch(`${stack.apiUrl}/sights/detail/${encodeURIComponent(sight.id)}`).then((r) =>
    r.json(),
  );
  expect(JSON.stringify(detailAfter).match(/"status":"approved"/g)?.length ?? 0).toBeGreaterThanOrEqual(
    countBefore,
  );
});
