import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

// The stack has no reachable tile server (MAP_TILE_URL points at the public one, unreachable here): the explore
// map draws its built-in Natural Earth world map instead of a grey grid.
const PARIS = '/explore?lat=48.8584&lon=2.2945&km=20';

test.describe('the explore map offline', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, USERS.traveller.email, USERS.traveller.password, PARIS);
  });

  test('draws the built-in world map with place and country names, in the light and dark themes', async ({
    page,
  }) => {
    const map = page.getByTestId('explore-map');
    await expect(map).toHaveAttribute('data-base-layer', 'basemap');
    const container = map.locator('.leaflet-container');

    // The shapes are on a canvas under the pins: its centre (Paris) is painted, not left transparent.
    const canvas = map.locator('.leaflet-wfBasemap-pane canvas');
    await expect(canvas).toHaveCount(1);
    await expect
      .poll(() =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d');
          return ctx ? ctx.getImageData(c.width / 2, c.height / 2, 1, 1).data[3] : 0;
        }),
      )
      .toBe(255);
    await expect(map.locator('.wf-basemap-label', { hasText: /^Paris$/ })).toBeVisible();
    await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');

    // No grey grid and no error: an unobtrusive note that the detailed map is offline.
    await expect(page.getByText('Map tiles could not be loaded')).toHaveCount(0);
    await expect(page.getByTestId('tiles-notice')).toHaveText(
      'The detailed map is offline: showing the built-in world map.',
    );

    // Zoomed out to the whole world (the control turns off at the map's smallest zoom): France is named.
    const zoomOut = map.getByRole('button', { name: 'Zoom out' });
    await expect(async () => {
      await zoomOut.click();
      await expect(zoomOut).toHaveClass(/leaflet-disabled/, { timeout: 1000 });
    }).toPass();
    await expect(map.locator('.wf-basemap-label', { hasText: /^France$/ })).toBeVisible();

    // The water (the map's background) follows the page's theme.
    await page.evaluate(() => {
      document.documentElement.className = 'theme-light';
    });
    await expect(container).toHaveCSS('background-color', 'rgb(201, 220, 234)');
    await page.evaluate(() => {
      document.documentElement.className = 'theme-dark';
    });
    await expect(container).toHaveCSS('background-color', 'rgb(11, 22, 32)');
  });
});
