import { collectErrors, createVerifiedUser, injectSession } from '../helpers';
import { eiffelId, expect, test } from './fixtures';

test('a guide made by the worker process plays through nginx, its audio streamed from the S3 bucket', async ({
  page,
  stack,
  cluster,
}) => {
  test.setTimeout(120_000);
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser({ displayName: 'Cluster Listener' });
  const errors = collectErrors(page, [
    /tile\.openstreetmap|overpass|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|Failed to load resource/,
  ]);
  await injectSession(page, user.session, `/explore/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();

  // The API copy answers at once with the queued guide; the worker (a process of its own) narrates the stations.
  const queued = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sights/generate-guide',
  );
  await page.getByRole('button', { name: 'Generate guide' }).click();
  const answer = await queued;
  expect(answer.status()).toBe(200);
  const guide = ((await answer.json()) as { guide: { id: string; status: string } }).guide;
  expect(['queued', 'rendering']).toContain(guide.status);
  const stations = page.getByTestId('station');
  await expect(stations.first()).toContainText('Welcome to Eiffel Tower', { timeout: 60_000 });

  // Station 1 plays: its audio request goes through nginx to a copy, which streams it from the bucket.
  const player = page.getByTestId('guide-player');
  const audio = page.waitForResponse((r) =>
    /\/guides\/audio\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
  );
  await player.getByRole('button', { name: 'Play' }).click();
  const res = await audio;
  expect([200, 206]).toContain(res.status());
  expect(res.headers()['content-type']).toBe('audio/mpeg');
  expect(cluster.copies).toContain(res.headers()['x-wayfarer-copy']);
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!.currentTime,
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0.5);

  // The object is in the S3 bucket under the guide, named after the station, as long as the file served.
  const stationId = new URL(res.url()).pathname.split('/').pop()!;
  const head = await fetch(res.url(), { method: 'HEAD' });
  expect(head.status).toBe(200);
  const objects = await cluster.objects();
  const object = objects.find((o) => o.key.includes(guide.id) && o.key.endsWith(`-${stationId}.mp3`));
  expect(
    object,
    `no object for station ${stationId} of guide ${guide.id} in ${objects.map((o) => o.key).join(', ')}`,
  ).toBeDefined();
  expect(object!.size).toBe(Number(head.headers.get('content-length')));
  expect(errors).toEqual([]);
});
