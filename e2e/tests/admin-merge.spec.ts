import { test, expect } from '../fixtures';
import { USERS, accessToken, api, signIn } from '../helpers';

// Two seeded museums in Richland, WA that are one place in real life: the Columbia River Exhibition of History,
// Science & Technology was succeeded by the Hanford Reach Interpretive Center. No other spec uses them.
const KEEP = { id: 'imls-8405300166', name: 'Hanford Reach Interpretive Center' };
const DUPE = {
  id: 'imls-8405300125',
  name: 'Columbia River Exhibition of History Science & Technology',
  lat: 46.27473,
  lon: -119.27365,
};

test('admin merges a duplicate sight: its comment moves, it leaves nearby results, and its old link opens the kept sight @needs-explore', async ({
  page,
  stack,
}) => {
  const nearbyIds = async () =>
    (
      (await api(stack.apiUrl, null, 'GET', `/sights/nearby?lat=${DUPE.lat}&lon=${DUPE.lon}&km=10`)).body
        .items as { id: string }[]
    ).map((i) => i.id);
  expect(await nearbyIds()).toEqual(expect.arrayContaining([KEEP.id, DUPE.id]));

  // A traveller's rated comment on the duplicate.
  const body = `Great hands-on exhibits (e2e ${Date.now() % 100000})`;
  const posted = await api(
    stack.apiUrl,
    await accessToken(USERS.traveller),
    'POST',
    `/sights/${DUPE.id}/comments`,
    { body, rating: 4 },
  );
  expect(posted.status).toBeLessThan(300);

  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/content-management');
  await expect(page.getByRole('heading', { name: 'Content management' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Search sights').fill('richland');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByTestId('sight-result');
  await results.getByRole('button', { name: KEEP.name, exact: true }).click();
  await expect(page.getByRole('region', { name: `Edit ${KEEP.name}` })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(`${DUPE.name} is a duplicate`).check();
  await page.getByRole('button', { name: 'Merge 1 into selected' }).click();
  await page.getByRole('button', { name: 'Yes, merge' }).click();
  await expect(page.getByText('Merged 1 duplicate: moved 1 comment, 0 photos and 0 stations.')).toBeVisible();
  await expect(results.getByRole('button', { name: DUPE.name, exact: true })).toHaveCount(0);

  // Travellers: the duplicate is gone from nearby results (the in-memory index follows at once), the comment and
  // its rating now belong to the kept sight, and the duplicate's old link opens the kept sight.
  expect(await nearbyIds()).toContain(KEEP.id);
  expect(await nearbyIds()).not.toContain(DUPE.id);
  const comments = (await api(stack.apiUrl, null, 'GET', `/sights/${KEEP.id}/comments`)).body.items as {
    body: string;
    rating: number | null;
  }[];
  expect(comments).toEqual(expect.arrayContaining([expect.objectContaining({ body, rating: 4 })]));
  const kept = (await api(stack.apiUrl, null, 'GET', `/sights/detail/${KEEP.id}`)).body.sight as {
    ratings_count: number;
    rating_avg: number;
  };
  expect(kept).toMatchObject({ ratings_count: 1, rating_avg: 4 });

  await page.goto(`/explore/${DUPE.id}`);
  await expect(page.getByRole('heading', { name: KEEP.name }).first()).toBeVisible({ timeout: 30_000 });

  // The audit log records the merge.
  await page.goto('/admin/analytics/logs?action=sight');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'sight.merge' }).first()).toContainText(
    KEEP.id,
    { timeout: 30_000 },
  );
});
