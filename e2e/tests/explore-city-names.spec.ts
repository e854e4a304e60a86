import { test, expect } from '../fixtures';
import { createVerifiedUser, injectSession } from '../helpers';

/**
 * Names in the listener's language: the seed spells Rome's city "Roma" (GeoNames' own name). The sight page says
 * "Rome, Italy" in English and "Rome, Italie" in French, and a French guide of the Colosseum, written by the local
 * writer with no outside service, names the city and the country in French.
 */
const COLOSSEUM = 'wd-Q10285';

test('the Colosseum in English and in French: the page and the French guide name Rome and Italy so', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser({ displayName: 'Voyageuse' });
  await injectSession(page, user.session, `/explore/${COLOSSEUM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Colosseum' })).toBeVisible();
  await expect(page.getByTestId('sight-place')).toHaveText('Rome, Italy');

  await page.goto(`/explore/${COLOSSEUM}?lng=fr`);
  await expect(page.getByRole('heading', { level: 1, name: 'Colosseum' })).toBeVisible();
  await expect(page.getByTestId('sight-place')).toHaveText('Rome, Italie');

  await page.getByTestId('guide-language').selectOption('fr');
  await page.getByRole('button', { name: 'Générer un guide' }).click();
  const transcript = page.getByTestId('guide-player').getByTestId('transcript');
  await expect(transcript).toContainText('Rome', { timeout: 90_000 });
  await expect(transcript).toContainText('Italie');
  await expect(transcript).not.toContainText('Roma');
});
