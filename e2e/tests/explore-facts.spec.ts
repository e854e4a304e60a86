import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, generateGuideViaApi, injectSession } from '../helpers';

/**
 * Facts for sights in the browser: with the facts sources configured (the control server's Wikipedia and Wikidata
 * stand-in, src/testing/wiki-server.ts of the API), the sight page shows the Wikipedia summary with its attribution
 * and the Wikidata claims with their source links, and a guide's station lists its sources under the transcript.
 */

const NETWORK_NOISE = [/tile\.openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/];

test('facts: the summary with its attribution, the claims with sources, the honest line without, and the sources of a guide station', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  await stack.restartApi({ WIKI_API_URL: `${stack.controlUrl}/api/rest_v1`, WIKI_PREFETCH_PER_MINUTE: 0 });
  try {
    const errors = collectErrors(page, NETWORK_NOISE);
    const before = (
      (await (await fetch(`${stack.controlUrl}/control/wiki-calls`)).json()) as { calls: number }
    ).calls;

    // Opened before any worker fetched it: the page answers at once, then shows the facts once they are cached.
    const user = await createVerifiedUser({ displayName: 'Facts Listener' });
    await injectSession(page, user.session, '/explore/wd-Q10285');
    await expect(page.getByRole('heading', { level: 1, name: 'Colosseum' })).toBeVisible();
    const facts = page.getByTestId('sight-facts');
    await expect(facts).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sight-summary')).toContainText(
      'The Colosseum is an elliptical amphitheatre in the centre of the city of Rome',
    );
    const attribution = page.getByTestId('sight-summary-attribution');
    await expect(attribution).toHaveText('From the article Colosseum on Wikipedia, CC BY-SA 4.0');
    await expect(attribution.getByRole('link', { name: 'Colosseum' })).toHaveAttribute(
      'href',
      `${stack.controlUrl}/wiki/Colosseum`,
    );
    await expect(attribution.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
    const claims = page.getByTestId('sight-claims');
    await expect(claims.locator('dt')).toHaveText([
      'Inception',
      'Heritage designation',
      'Height',
      'Visitors per year',
    ]);
    await expect(claims.locator('dd').nth(1)).toContainText('World Heritage Site');
    await expect(
      claims.getByRole('link', { name: 'Source of Heritage designation: Wikidata (CC0 1.0)' }),
    ).toHaveAttribute('href', `${stack.controlUrl}/wiki/Q10285#P1435`);
    const after = (
      (await (await fetch(`${stack.controlUrl}/control/wiki-calls`)).json()) as { calls: number }
    ).calls;
    expect(after).toBeGreaterThan(before);

    // A sight the sources know nothing about: a short honest line, nothing made up.
    await page.goto('/explore/wd-Q695604');
    await expect(page.getByRole('heading', { level: 1, name: 'Sheikh Zayed Mosque' })).toBeVisible();
    await expect(page.getByTestId('sight-facts-none')).toHaveText(
      'No encyclopaedia entry is linked to this place.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('sight-facts')).toHaveCount(0);

    // A guide written from the cached facts: its station says them and lists its source under the transcript.
    await generateGuideViaApi(stack.apiUrl, user.session.access_token, {
      sight_id: 'wd-Q10285',
      max_stations: 1,
      include_nearby: false,
    });
    await page.goto('/explore/wd-Q10285');
    const player = page.getByTestId('guide-player');
    await expect(player.getByTestId('transcript')).toContainText(
      'Colosseum has the heritage designation World Heritage Site.',
      { timeout: 30_000 },
    );
    const sources = player.getByTestId('station-sources');
    await expect(sources.getByRole('link', { name: 'Wikidata: Q10285' })).toHaveAttribute(
      'href',
      `${stack.controlUrl}/wiki/Q10285`,
    );
    await expect(sources).toContainText('CC0 1.0');
    expect(errors).toEqual([]);
  } finally {
    await stack.restartApi({ WIKI_API_URL: '' });
  }
});
