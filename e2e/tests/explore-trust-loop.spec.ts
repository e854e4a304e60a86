import { test, expect } from '../fixtures';
import {
  accessToken,
  api,
  createVerifiedUser,
  generateGuideViaApi,
  injectSession,
  signIn,
  USERS,
  eiffelId,
} from '../helpers';

type G = { id: string; status: string; stations: { id: string; title: string; position: number }[] };

/**
 * The trust loop and listening analytics in the browser: a listener plays their guide (the player's listening events
 * reach the admin's numbers), reports station 2, an admin hides it from the Reports section, and the listener sees
 * the outcome on the sight, with the station gone from the guide.
 */
// @needs-admin: the admin hides the station on admin's /admin/reports, so a run of the explore remote alone with a stub
// admin leaves it out (scripts/lib/remote-test.ts needsTag); `pnpm test` runs it.
test('trust loop: a listener reports a station, an admin hides it, the listener sees the outcome @needs-admin', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser({ displayName: 'Trust Listener' });
  const guide = await generateGuideViaApi<G>(
    stack.apiUrl,
    user.session.access_token,
    { sight_id: id, max_stations: 3 },
    90_000,
  );
  expect(guide.stations.length).toBe(3);
  const reported = guide.stations[1]!;

  await injectSession(page, user.session, `/explore/${id}`);
  const stations = page.getByTestId('station');
  await expect(stations).toHaveCount(3, { timeout: 30_000 });
  const player = page.getByTestId('guide-player');

  // Listening: a second of station 1, then pause: the play reaches the admin's numbers.
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!.currentTime,
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(1);
  await player.getByRole('button', { name: 'Pause' }).click();
  const adminToken = await accessToken(USERS.admin);
  await expect
    .poll(
      async () =>
        (await api(stack.apiUrl, adminToken, 'GET', `/admin/listening?guide_id=${guide.id}`)).body.guides?.[0]
          ?.plays_started ?? 0,
      { timeout: 15_000 },
    )
    .toBe(1);

  // Report station 2 from the player, with the keyboard-usable dialog.
  await player.getByRole('button', { name: 'Next station' }).click();
  await expect(player.getByTestId('player-station')).toHaveText(/^2\/3 · /);
  await player.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = player.getByRole('dialog', { name: 'Report a problem with station 2' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Inaccurate' }).check();
  await dialog.getByLabel('Note (optional)').fill('The height is wrong.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(player.getByTestId('report-sent')).toHaveText(
    'Thank you: an admin will look at this station.',
  );
  await expect(page.getByTestId('report-outcome')).toHaveText(
    `Your report on station 2: open, an admin will look at it (${reported.title})`,
  );

  // The admin sees it with the station's text and audio, and hides the station.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, USERS.admin.email, USERS.admin.password, '/admin/reports');
  const card = admin.getByTestId('admin-report').filter({ hasText: 'The height is wrong.' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('report-station-text')).not.toBeEmpty();
  await expect(card.locator('audio')).toHaveAttribute('src', new RegExp(`/guides/audio/${reported.id}$`));
  await card.getByRole('button', { name: 'Hide station' }).click();
  await expect(admin.getByText(/^Station hidden from listeners/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The listener: the outcome on the sight, the station gone from the guide and its audio no longer served.
  await page.reload();
  await expect(page.getByTestId('report-outcome')).toHaveText(
    `Your report on station 2: station removed (${reported.title})`,
    { timeout: 30_000 },
  );
  await expect(stations).toHaveCount(2);
  expect((await fetch(`${stack.apiUrl}/guides/audio/${reported.id}`)).status).toBe(404);
});
