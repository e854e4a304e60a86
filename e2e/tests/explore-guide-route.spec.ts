import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, injectSession, eiffelId } from '../helpers';

const NETWORK_NOISE = [/tile\.openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/];

// A phone's width: the map and the player share the narrow column.
test.use({ viewport: { width: 375, height: 800 } });

test("the guide's walk on the sight's map: numbered stops in order, a stop plays when chosen and is highlighted", async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page, NETWORK_NOISE);
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser({ displayName: 'Route Walker' });
  await injectSession(page, user.session, `/explore/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();

  // The local writer makes the guide (no outside service).
  await page.getByRole('button', { name: 'Generate guide' }).click();
  const stations = page.getByTestId('station');
  await expect(stations).toHaveCount(5, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Generate guide' })).toBeEnabled({ timeout: 120_000 });

  // The stations that have a place, by their number in the guide, as the API has them.
  const { guide } = (await (
    await fetch(`${stack.apiUrl}/sights/${id}/guide`, {
      headers: { Authorization: `Bearer ${user.session.access_token}` },
    })
  ).json()) as {
    guide: { stations: { title: string; latitude: number | null; longitude: number | null }[] };
  };
  const placed = guide.stations.flatMap((s, i) => (s.latitude != null && s.longitude != null ? [i + 1] : []));
  expect(placed.slice(0, 2)).toEqual([1, 2]);

  const map = page.getByTestId('mini-map');
  const stops = map.locator('.explore-route-stop');
  await expect(stops).toHaveText(placed.map(String));
  // One line joins them, drawn in the theme's accent.
  await expect(map.locator('path.explore-route-line')).toHaveCount(1);
  await expect(stops.first()).toHaveAttribute('aria-current', 'step');

  const player = page.getByTestId('guide-player');
  const stop2 = map.getByRole('button', { name: `Stop 2: ${guide.stations[1].title}, play` });
  await stop2.click();
  await expect(player.getByTestId('player-station')).toHaveText(`2/5 · ${guide.stations[1].title}`);
  await expect(stop2).toHaveAttribute('aria-current', 'step');
  await expect(stop2).toHaveClass(/is-current/);
  await expect(stops.first()).not.toHaveAttribute('aria-current', 'step');
  await expect(stations.nth(1)).toHaveAttribute('aria-current', 'step');
  // It plays: the audio of station 2 advances.
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!.currentTime,
        ),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(0.3);

  // By keyboard: the next placed stop, focused and played with Enter, keeps the focus.
  const n = placed[2];
  if (n) {
    const next = map.getByRole('button', { name: `Stop ${n}: ${guide.stations[n - 1].title}, play` });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(player.getByTestId('player-station')).toHaveText(`${n}/5 · ${guide.stations[n - 1].title}`);
    await expect(next).toHaveAttribute('aria-current', 'step');
    await expect(next).toBeFocused();
  }
  expect(errors).toEqual([]);
});
