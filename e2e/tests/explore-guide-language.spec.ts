import { test, expect } from '../fixtures';
import { collectErrors, createVerifiedUser, injectSession, eiffelId } from '../helpers';

/**
 * Guides in the listener's language, in explore: the traveller chooses the guide's language before generating; a
 * French guide is written in French (the local writer's French phrasing) and spoken by espeak-ng's French voice; the
 * player then offers the languages the sight has guides in. Facts come from the French Wikipedia (the control
 * server's stand-in answers per language under /{lang}/api/rest_v1); a sight without a French article says its facts
 * are English.
 */

const NETWORK_NOISE = [/tile\.openstreetmap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/];

test('a French guide: chosen before generating, French text, the French voice, and the languages there are', async ({
  page,
  stack,
}) => {
  test.setTimeout(240_000);
  await stack.restartApi({
    WIKI_API_URL: `${stack.controlUrl}/{lang}/api/rest_v1`,
    WIKIDATA_API_URL: `${stack.controlUrl}/w/api.php`,
    WIKI_PREFETCH_PER_MINUTE: 0,
  });
  try {
    const errors = collectErrors(page, NETWORK_NOISE);
    const id = await eiffelId(stack.apiUrl);
    const user = await createVerifiedUser({ displayName: 'Auditeur' });
    const auth = { Authorization: `Bearer ${user.session.access_token}` };
    await injectSession(page, user.session, `/explore/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible();

    const language = page.getByTestId('guide-language');
    await expect(language).toHaveValue('en');
    await language.selectOption({ label: 'French' });
    const started = Date.now();
    await page.getByRole('button', { name: 'Generate guide' }).click();
    const player = page.getByTestId('guide-player');
    await expect(player.getByTestId('player-station')).toHaveText('1/5 · Bienvenue à Eiffel Tower', {
      timeout: 60_000,
    });
    await expect(player.getByTestId('transcript').locator('span').first()).toHaveText(
      'Bienvenue à Eiffel Tower.',
    );
    await expect(player.getByTestId('transcript')).toContainText(
      'Eiffel Tower est un monument à Paris (France).',
    );
    await expect(page.getByRole('button', { name: 'Generate guide' })).toBeEnabled({ timeout: 120_000 });
    const frenchMs = Date.now() - started;

    // The API's record: a French guide, from the French facts, every station timed on its audio.
    const fr = (await (
      await fetch(`${stack.apiUrl}/sights/${id}/guide?language=fr`, { headers: auth })
    ).json()) as {
      guide: {
        language: string;
        facts_language: string | null;
        stations: Array<{ text: string; sentences: unknown[] }>;
      };
      languages: string[];
    };
    expect(fr.guide.language).toBe('fr');
    expect(fr.guide.facts_language).toBe('fr');
    expect(fr.languages).toEqual(['fr']);
    expect(fr.guide.stations.map((s) => s.text).join(' ')).toMatch(/marchez environ \d/);
    await expect(page.getByTestId('guide-facts-note')).toHaveCount(0);

    // An English guide too: the player offers both, and each plays in its language.
    await language.selectOption({ label: 'English' });
    const enStarted = Date.now();
    await page.getByRole('button', { name: 'Generate guide' }).click();
    await expect(player.getByTestId('player-station')).toHaveText('1/5 · Welcome to Eiffel Tower', {
      timeout: 60_000,
    });
    await expect(page.getByRole('button', { name: 'Generate guide' })).toBeEnabled({ timeout: 120_000 });
    const englishMs = Date.now() - enStarted;
    await page.reload();
    const languages = page.getByTestId('guide-languages');
    await expect(languages).toHaveText('Guides of this place in: English, French');
    await languages.getByRole('button', { name: 'French' }).click();
    await expect(player.getByTestId('player-station')).toHaveText('1/5 · Bienvenue à Eiffel Tower');
    console.log(`guide in the browser (5 stations): French ${frenchMs} ms, English ${englishMs} ms`);

    // The Colosseum has no French article at the stand-in: the French guide says its facts are English.
    await page.goto('/explore/wd-Q10285');
    await page.getByTestId('guide-language').selectOption({ label: 'French' });
    await page.getByRole('button', { name: 'Generate guide' }).click();
    await expect(page.getByTestId('guide-facts-note')).toHaveText(
      'No encyclopaedia entry in French was found for this place: this guide is written from the English one.',
      { timeout: 120_000 },
    );
    expect(errors).toEqual([]);
  } finally {
    await stack.restartApi({ WIKI_API_URL: '', WIKIDATA_API_URL: '' });
  }
});
