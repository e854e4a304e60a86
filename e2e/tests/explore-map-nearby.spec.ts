import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

const PARIS = '/explore?lat=48.8584&lon=2.2945&km=5';

test.describe('explore map and list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
  });

  test('shows real seeded Paris sights on the map and in the list, tiles offline notice', async ({
    page,
  }) => {
    const items = page.getByTestId('place-item');
    await expect(items.first()).toBeVisible();
    await expect(
      page
        .getByTestId('place-item')
        .filter({ hasText: /eiffel/i })
        .first(),
    ).toBeVisible();
    const map = page.getByTestId('explore-map');
    await expect(map.locator('.leaflet-container')).toHaveAttribute('data-marker-count', /^[1-9]\d*$/);
    await expect(map.locator('.explore-pin, .marker-cluster').first()).toBeVisible();
    // Distance is shown and within the radius.
    const d = await items.first().getByTestId('place-distance').textContent();
    expect(d).toMatch(/^\d+(\.\d)? (m|km)$/);
    // Tiles cannot load here: a plain background and a notice, markers still shown.
    await expect(page.getByTestId('tiles-notice')).toBeVisible();
    await expect(page.getByText('Failed to load sights')).toHaveCount(0);
  });

  test("the map's box fits the window beside the list, however long the list", async ({ page }) => {
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    expect(await page.getByTestId('place-item').count()).toBeGreaterThan(8);
    const box = await page.getByTestId('explore-map').boundingBox();
    const height = page.viewportSize()!.height;
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    expect(box!.height).toBeGreaterThanOrEqual(320);
  });

  test('category and radius change the view and the URL; back restores it', async ({ page }) => {
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    const allCount = await page.getByTestId('place-item').count();

    await page.getByRole('radio', { name: 'Museums' }).click();
    await expect(page).toHaveURL(/type=museum/);
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    const badges = await page.getByTestId('place-item').locator('.wf-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['Museums']));

    await page.getByLabel(/Radius/).fill('2');
    await expect(page.getByTestId('radius-value')).toHaveText('2 km');
    await expect(page).toHaveURL(/km=2(&|$)/);
    await expect(page.getByTestId('explore-count')).toContainText('within 2 km');
    for (const t of await page.getByTestId('place-distance').allTextContents()) {
      const m = t.endsWith(' km') ? parseFloat(t) * 1000 : parseFloat(t);
      expect(m).toBeLessThanOrEqual(2000);
    }

    await page.goBack();
    await expect(page).toHaveURL(/km=5/);
    await expect(page.getByTestId('radius-value')).toHaveText('5 km');
    await page.goBack();
    await expect(page).not.toHaveURL(/type=museum/);
    await expect
      .poll(() => page.getByTestId('place-item').count())
      .toBeGreaterThanOrEqual(Math.min(allCount, 1));
  });

  test('search a city by name and move there; unknown names say No results', async ({ page }) => {
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    await page.getByLabel('Search a place').fill('   London   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/lat=51\.\d+.*lon=-0\.\d+.*q=London/);
    await expect(page.getByLabel('Search a place')).toHaveValue('London');
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    await expect(page.getByTestId('place-item').filter({ hasText: /eiffel/i })).toHaveCount(0);

    await page.getByLabel('Search a place').fill('Zzqxwv Nowhereville');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-message')).toHaveText('No results');
  });

  test('clicking a result opens its detail route and keeps the list view', async ({ page }) => {
    const eiffel = page
      .getByTestId('place-item')
      .filter({ hasText: /eiffel/i })
      .first();
    await expect(eiffel).toBeVisible();
    const id = await eiffel.getAttribute('data-place-id');
    // A real link (new tab, copy link), opened in the app on a plain click.
    const link = eiffel.getByRole('link');
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`^/explore/${id}\\?lat=48\\.8584&lon=2\\.2945&km=5`),
    );
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/explore/${id}\\?lat=48\\.8584&lon=2\\.2945&km=5`));
    await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();
  });
});

test.describe('explore fallbacks', () => {
  test('the map-data service is used when the nearby call fails', async ({ page, stack }) => {
    const before = (await (await fetch(`${stack.controlUrl}/control/overpass-calls`)).json()) as {
      calls: number;
    };
    await page.route('**/sights/nearby**', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await signIn(
      page,
      USERS.traveller.email,
      USERS.traveller.password,
      '/explore?lat=37.7749&lon=-122.4194&km=20',
    );
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    await expect(
      page.getByTestId('place-item').filter({ hasText: 'From OpenStreetMap' }).first(),
    ).toBeVisible();
    await expect(page.getByText('Failed to load sights')).toHaveCount(0);
    const after = (await (await fetch(`${stack.controlUrl}/control/overpass-calls`)).json()) as {
      calls: number;
    };
    expect(after.calls).toBe(before.calls + 1);
  });

  test("'Failed to load sights' with Retry when both fail", async ({ page }) => {
    let fail = true;
    await page.route('**/sights/nearby**', (r) =>
      fail
        ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' })
        : r.continue(),
    );
    await page.route('**/overpass/**', (r) => r.fulfill({ status: 503, body: 'busy' }));
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
    const err = page.getByTestId('explore-error');
    await expect(err).toContainText('Failed to load sights');
    await expect(page.getByTestId('explore-map')).toBeVisible();
    fail = false;
    await err.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page
        .getByTestId('place-item')
        .filter({ hasText: /eiffel/i })
        .first(),
    ).toBeVisible();
  });
});

test.describe('explore on a phone (touch-first)', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a full load shows the HTML's first screen with the map's tiles, and the page takes its place on the same tiles", async ({
    page,
  }) => {
    // A tile server (unreachable here): a PNG for every tile, each request counted.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const tileRequests: string[] = [];
    await page.route(/tile\.openstreetmap\.org/, (route) => {
      tileRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    });
    // The page's code arrives late, so the first screen is there to be seen.
    await page.route(/\/js\/page-explore\.[0-9a-f]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
    const first = page.locator('#wf-first-screen');
    await expect(first.locator('img').first()).toBeVisible();
    await expect(first).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByTestId('place-item')).toHaveCount(0);
    const painted = await first.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(painted.length).toBeGreaterThan(1);

    await expect(page.getByTestId('place-item').first()).toBeVisible();
    await expect(first).toHaveCount(0);
    const preview = page.locator('.explore-map-placeholder__tiles img');
    await expect(preview.first()).toBeVisible();
    // The page's preview shows the same tiles, which it took from the cache: each tile was asked for once.
    expect(await preview.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))).toEqual(painted);
    expect(tileRequests.slice().sort()).toEqual([...new Set(painted)].sort());
  });

  test('the map is a facade with the sights pinned until tapped; one tap starts the real map', async ({
    page,
  }) => {
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
    await expect(page.getByTestId('place-item').first()).toBeVisible();
    const map = page.getByTestId('explore-map');
    // The seeded Paris sights, pinned where the map will put them, without Leaflet.
    await expect(map.locator('.explore-map-placeholder__pin').first()).toBeVisible();
    const tap = page.getByRole('button', { name: 'Tap to use the map' });
    await expect(tap).toBeVisible();
    // Well past the moment a desktop starts the map (after the first tile, or 1.5 s): still no Leaflet.
    await page.waitForTimeout(2500);
    await expect(map.locator('.leaflet-container')).toHaveCount(0);
    expect(await page.evaluate(() => 'L' in window)).toBe(false);

    await tap.tap();
    await expect(map.locator('.leaflet-container')).toHaveAttribute('data-marker-count', /^[1-9]\d*$/);
    await expect(map.locator('.explore-pin, .marker-cluster').first()).toBeVisible();
    await expect(tap).toHaveCount(0);
    await expect(map.locator('.explore-map-placeholder__pin')).toHaveCount(0);
    // Leaflet (which sets window.L when it runs) ran only now.
    expect(await page.evaluate(() => 'L' in window)).toBe(true);
  });
});
