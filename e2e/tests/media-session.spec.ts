import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, eiffelId, generateGuideViaApi, injectSession } from '../helpers';

/**
 * The guide player's lock-screen controls (Media Session metadata and action handlers, which
 * really move the player), playback that goes on when the tab is hidden, and the player picking up where it stopped
 * after the sight is opened again. The handlers are captured by wrapping navigator.mediaSession.setActionHandler.
 */
type Guide = { id: string; status: string; stations: { title: string; duration_s: number | null }[] };

const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!;
    return { time: a.currentTime, paused: a.paused, duration: a.duration, src: a.currentSrc };
  });

/** Calls the page's handler for `action` as the system's media controls would. */
const invoke = (page: Page, action: string, details: Record<string, unknown> = {}) =>
  page.evaluate(
    ([a, d]) => {
      const h = (window as unknown as { __mediaHandlers: Record<string, ((d: unknown) => void) | null> })
        .__mediaHandlers[a];
      if (!h) throw new Error(`no ${a} handler`);
      h({ action: a, ...d });
    },
    [action, details] as const,
  );

test('media session: metadata and action handlers move the player; hidden tab keeps playing; reopening resumes', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page, [
    /tile\.openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/,
  ]);
  await page.addInitScript(() => {
    const w = window as unknown as { __mediaHandlers: Record<string, unknown> };
    w.__mediaHandlers = {};
    const ms = navigator.mediaSession;
    const set = ms.setActionHandler.bind(ms);
    ms.setActionHandler = (action, handler) => {
      w.__mediaHandlers[action] = handler;
      set(action, handler);
    };
  });
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser({ displayName: 'Lock Screen Listener' });
  const guide = await generateGuideViaApi<Guide>(stack.apiUrl, user.session.access_token, {
    sight_id: id,
    max_stations: 3,
  });
  const n = guide.stations.length;
  expect(n).toBeGreaterThan(1);
  await injectSession(page, user.session, `/explore/${id}`);
  const player = page.getByTestId('guide-player');
  await expect(player.getByTestId('player-station')).toHaveText(`1/${n} · ${guide.stations[0]!.title}`);

  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);

  // What the lock screen shows: station, 'Wayfarer', the sight, an artwork.
  const meta = await page.evaluate(() => {
    const m = navigator.mediaSession.metadata!;
    return { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.map((a) => a.src) };
  });
  expect(meta).toMatchObject({ title: guide.stations[0]!.title, artist: 'Wayfarer', album: 'Eiffel Tower' });
  expect(meta.artwork.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  const handlers = await page.evaluate(() =>
    Object.entries((window as unknown as { __mediaHandlers: Record<string, unknown> }).__mediaHandlers)
      .filter(([, h]) => typeof h === 'function')
      .map(([a]) => a)
      .sort(),
  );
  // The first station has no previous one.
  expect(handlers).toEqual(['nexttrack', 'pause', 'play', 'seekbackward', 'seekforward', 'seekto']);

  // pause / play
  await invoke(page, 'pause');
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
  await invoke(page, 'seekto', { seekTime: 1 });
  expect((await audioState(page)).time).toBeCloseTo(1, 1);
  // seekforward: 15 s on (the end of the station at most); seekbackward: 15 s back (the start at least).
  const { duration } = await audioState(page);
  await invoke(page, 'seekforward');
  expect((await audioState(page)).time).toBeCloseTo(Math.min(16, duration), 1);
  await invoke(page, 'seekbackward');
  expect((await audioState(page)).time).toBeCloseTo(Math.max(0, Math.min(16, duration) - 15), 1);
  await invoke(page, 'play');
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);

  // A hidden tab (screen locked) keeps playing.
  const t0 = (await audioState(page)).time;
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeGreaterThan(t0 + 0.5);
  expect((await audioState(page)).paused).toBe(false);

  // nexttrack: the next station, its title on the lock screen, and now a previous one.
  const firstSrc = (await audioState(page)).src;
  await invoke(page, 'nexttrack');
  await expect(player.getByTestId('player-station')).toHaveText(`2/${n} · ${guide.stations[1]!.title}`);
  await expect.poll(async () => (await audioState(page)).src).not.toBe(firstSrc);
  await expect
    .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
    .toBe(guide.stations[1]!.title);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          typeof (window as unknown as { __mediaHandlers: Record<string, unknown> }).__mediaHandlers
            .previoustrack,
      ),
    )
    .toBe('function');

  // Stop at a known place on station 2, then open the sight again: the player picks up there.
  await expect.poll(async () => (await audioState(page)).duration > 0).toBe(true);
  await invoke(page, 'pause');
  await invoke(page, 'seekto', { seekTime: 3.4 });
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wf-guide-resume') ?? '{}')))
    .toMatchObject({ [id]: { station: 1 } });
  await page.goto(`/explore/${id}`);
  await expect(player.getByTestId('player-station')).toHaveText(`2/${n} · ${guide.stations[1]!.title}`);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeGreaterThan(3.3);
  expect((await audioState(page)).time).toBeLessThan(3.5);
  await expect(player.getByTestId('player-resumed')).toHaveText('Resumed at 0:03');
  // 'Start from the beginning' goes back to 0:00 and the note goes.
  await player.getByRole('button', { name: 'Start from the beginning' }).click();
  expect((await audioState(page)).time).toBe(0);
  await expect(player.getByTestId('player-resumed')).toHaveCount(0);
  expect(errors).toEqual([]);
});
