import type { Page } from '@playwright/test';
import { LANGUAGES, directionOf, type Language } from '@wayfarer/contracts';
import { test, expect } from '../fixtures';
import {
  USERS,
  createVerifiedUser,
  eiffelId,
  generateGuideViaApi,
  injectSession,
  nodeClient,
  signIn,
} from '../helpers';
// The catalogs themselves: the page must show their messages, never their keys, and no English the catalog translates.
import shellEn from '../../shell/src/locales/en';
import shellFr from '../../shell/src/locales/fr';
import shellDe from '../../shell/src/locales/de';
import shellEs from '../../shell/src/locales/es';
import shellIt from '../../shell/src/locales/it';
import shellAr from '../../shell/src/locales/ar';
import mkEn from '../../mfe-marketing/src/locales/en';
import mkFr from '../../mfe-marketing/src/locales/fr';
import mkDe from '../../mfe-marketing/src/locales/de';
import mkEs from '../../mfe-marketing/src/locales/es';
import mkIt from '../../mfe-marketing/src/locales/it';
import mkAr from '../../mfe-marketing/src/locales/ar';
import adminEn from '../../mfe-admin/src/locales/en';
import adminFr from '../../mfe-admin/src/locales/fr';
import adminDe from '../../mfe-admin/src/locales/de';
import adminEs from '../../mfe-admin/src/locales/es';
import adminIt from '../../mfe-admin/src/locales/it';
import adminAr from '../../mfe-admin/src/locales/ar';
import accEnFirst from '../../mfe-account/src/locales/en';
import accEnCommerce from '../../mfe-account/src/locales/en-commerce';
import accFr from '../../mfe-account/src/locales/fr';
import accDe from '../../mfe-account/src/locales/de';
import accEs from '../../mfe-account/src/locales/es';
import accIt from '../../mfe-account/src/locales/it';
import accAr from '../../mfe-account/src/locales/ar';
import exEn from '../../mfe-explore/src/locales/en';
import exFr from '../../mfe-explore/src/locales/fr';
import exDe from '../../mfe-explore/src/locales/de';
import exEs from '../../mfe-explore/src/locales/es';
import exIt from '../../mfe-explore/src/locales/it';
import exAr from '../../mfe-explore/src/locales/ar';

type Tree = { readonly [k: string]: string | Tree };
const flat = (c: Tree, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );

const SHELL: Record<Language, Tree> = {
  en: shellEn,
  fr: shellFr,
  de: shellDe,
  es: shellEs,
  it: shellIt,
  ar: shellAr,
};
const MARKETING: Record<Language, Tree> = { en: mkEn, fr: mkFr, de: mkDe, es: mkEs, it: mkIt, ar: mkAr };
const ADMIN: Record<Language, Tree> = {
  en: adminEn,
  fr: adminFr,
  de: adminDe,
  es: adminEs,
  it: adminIt,
  ar: adminAr,
};
// English account text as the app has it on /shop: the shop pages add their own sections (i18n-commerce.ts), which
// share no top-level key with the first load's catalog.
const accEn: Tree = { ...accEnFirst, ...accEnCommerce };
const ACCOUNT: Record<Language, Tree> = { en: accEn, fr: accFr, de: accDe, es: accEs, it: accIt, ar: accAr };
const EXPLORE: Record<Language, Tree> = { en: exEn, fr: exFr, de: exDe, es: exEs, it: exIt, ar: exAr };

/** One message of a catalog by its dotted key ('nearby.title'). */
const msg = (catalog: Tree, key: string): string => {
  const value = key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k]!, catalog);
  if (typeof value !== 'string') throw new Error(`${key} is not a message`);
  return value;
};

/** Opens a page in a language the way a returning visitor does: the choice stored on this device. */
async function openIn(page: Page, language: Language, path: string) {
  await page.addInitScript((l) => localStorage.setItem('wf-language', l), language);
  await page.goto(path);
}

/**
 * The page's visible text: no catalog key, and (for another language) no English message the catalog translates.
 * `exceptEnglish` leaves out the text of the elements marked `lang="en"` (a legal document kept in English).
 */
async function expectNoRawKeysNorEnglish(
  page: Page,
  language: Language,
  catalogs: Record<Language, Tree>[],
  { exceptEnglish = false }: { exceptEnglish?: boolean } = {},
) {
  const text = exceptEnglish
    ? await page.locator('body').evaluate((body) => {
        const copy = body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[lang="en"]').forEach((el) => el.remove());
        document.body.appendChild(copy); // innerText needs a rendered element
        const out = copy.innerText;
        copy.remove();
        return out;
      })
    : await page.locator('body').innerText();
  for (const catalog of catalogs) {
    const keys = flat(catalog.en).map(([k]) => k);
    expect(keys.filter((k) => text.includes(k))).toEqual([]);
    if (language === 'en') continue;
    const translated = new Map(flat(catalog[language]));
    // Long enough to be a sentence of its own (a short word such as 'Menu' is the same in several languages).
    const english = flat(catalog.en).filter(
      ([k, v]) => v.length >= 12 && !v.includes('{{') && translated.get(k) !== v,
    );
    expect(english.filter(([, v]) => text.includes(v)).map(([k]) => k)).toEqual([]);
  }
}

for (const language of LANGUAGES) {
  test(`the home page in ${language}: translated, html lang/dir, no raw keys, no English left`, async ({
    page,
  }) => {
    await openIn(page, language, '/');
    const home = MARKETING[language].home as Tree;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title as string, {
      timeout: 30_000,
    });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', directionOf(language));
    await expect(page).toHaveTitle(home.metaTitle as string);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      home.metaDescription as string,
    );
    await expect(
      page.getByRole('heading', { name: (MARKETING[language].home as Tree).featured as string }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoRawKeysNorEnglish(page, language, [SHELL, MARKETING]);
  });

  test(`the pricing page in ${language}: no raw keys, no English left`, async ({ page }) => {
    await openIn(page, language, '/pricing');
    const pricing = MARKETING[language].pricing as Tree;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pricing.title as string, {
      timeout: 30_000,
    });
    await expectNoRawKeysNorEnglish(page, language, [SHELL, MARKETING]);
  });

  test(`the admin dashboard in ${language}: translated, html lang/dir, no raw keys, no English left`, async ({
    page,
  }) => {
    // The device's choice (the admin's profile has none, so it is not overridden and nothing is saved to it).
    await page.addInitScript((l) => localStorage.setItem('wf-language', l), language);
    await signIn(page, USERS.admin.email, USERS.admin.password, '/admin');
    const admin = ADMIN[language];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(admin, 'dashboard.title'), {
      timeout: 30_000,
    });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', directionOf(language));
    await expect(page).toHaveTitle(new RegExp(`^${msg(admin, 'dashboard.metaTitle')}`));
    await expect(page.getByRole('navigation', { name: msg(admin, 'nav.label') })).toBeVisible();
    // Every panel has loaded (stats, online users, growth chart, the revenue and shop charts), none failed.
    await expect(page.getByTestId('stat-users')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(msg(admin, 'dashboard.stats.topCountries'))).toBeVisible();
    for (const id of ['dashboard-stats', 'online-users', 'user-growth', 'financial', 'shop-analytics'])
      await expect(page.getByTestId(id)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: msg(admin, 'dashboard.refresh') })).toBeVisible();
    await expect(
      page.getByRole('group', { name: msg(admin, 'common.timeRange') }).getByRole('button', {
        name: msg(admin, 'dashboard.ranges.daily'),
      }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoRawKeysNorEnglish(page, language, [SHELL, ADMIN]);
  });
}

for (const language of LANGUAGES) {
  test(`the login page in ${language}: translated, no raw keys, no English left`, async ({ page }) => {
    await openIn(page, language, '/login');
    const acc = ACCOUNT[language];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(acc, 'login.titleLogin'), {
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(`${msg(acc, 'login.titleLogin')} · Wayfarer`);
    // A validation message of the rules (English in the spec) is shown in the language.
    await page.getByRole('button', { name: msg(acc, 'login.logInButton'), exact: true }).click();
    await expect(page.locator('.account-alert')).toHaveText(msg(acc, 'msg.emailPassword'));
    await expectNoRawKeysNorEnglish(page, language, [SHELL, ACCOUNT]);
  });

  test(`the signed-in account and shop pages in ${language}: no raw keys, no English left`, async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await page.addInitScript((l) => localStorage.setItem('wf-language', l), language);
    await injectSession(page, user.session, '/account');
    const acc = ACCOUNT[language];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(acc, 'account.title'), {
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: msg(acc, 'remove.title') })).toBeVisible();
    await expect(page.getByTestId('account-plan')).toContainText(msg(acc, 'plans.free'));
    await expect(page.getByText(msg(acc, 'planText.free'))).toBeVisible();
    await expect(page.getByTestId('profile-view')).toBeVisible();
    await expectNoRawKeysNorEnglish(page, language, [SHELL, ACCOUNT]);

    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(acc, 'shop.title'), {
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(`${msg(acc, 'shop.title')} · Wayfarer`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      msg(acc, 'shop.metaDescription'),
    );
    await expect(page.getByTestId('shop-item').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(msg(acc, 'shop.noPurchases'))).toBeVisible();
    await expectNoRawKeysNorEnglish(page, language, [SHELL, ACCOUNT]);
  });

  test(`the invest, about and a news page in ${language}: no raw keys, no English left`, async ({ page }) => {
    const mk = MARKETING[language];
    await openIn(page, language, '/invest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(mk, 'invest.title'), {
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(
      msg(mk, 'invest.metaTitle').includes('Wayfarer')
        ? msg(mk, 'invest.metaTitle')
        : `${msg(mk, 'invest.metaTitle')} · Wayfarer`,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      msg(mk, 'invest.metaDescription'),
    );
    // The charts speak the language too: their series in the legend, their figures in the locale's digits.
    const legend = page.getByTestId('income-statement-chart').locator('.recharts-legend-wrapper');
    await expect(legend).toContainText(msg(mk, 'invest.revenue'), { timeout: 30_000 });
    await expect(legend).toContainText(msg(mk, 'invest.netIncome'));
    // The figures in the page's locale (the browser's Intl for <html lang>, the same as the page uses).
    const revenue = await page.evaluate(() =>
      new Intl.NumberFormat(document.documentElement.lang, {
        style: 'currency',
        currency: 'MYR',
        maximumFractionDigits: 0,
      }).format(158_000),
    );
    await expect(page.getByTestId('income-statement')).toContainText(revenue);
    await expect(page.getByTestId('roadmap')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expectNoRawKeysNorEnglish(page, language, [SHELL, MARKETING]);

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(mk, 'about.title'), {
      timeout: 30_000,
    });
    await expectNoRawKeysNorEnglish(page, language, [SHELL, MARKETING]);

    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(mk, 'news.title'), {
      timeout: 30_000,
    });
    const first = page.getByTestId('news-card').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const title = (await first.getByRole('link').textContent())!.trim();
    await first.getByRole('link').click();
    // The item's own text is the API's (as published); the page around it is in the language.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: msg(mk, 'news.all') })).toBeVisible();
    await expectNoRawKeysNorEnglish(page, language, [SHELL, MARKETING]);
  });
}

test('the privacy policy: its page in the language, the English legal text marked lang="en" with a note', async ({
  page,
}) => {
  await openIn(page, 'fr', '/privacy-policy');
  const privacy = mkFr.privacy as Tree;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.title as string, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('legal-english-note')).toHaveText(privacy.englishNote as string);
  await expect(page.getByRole('link', { name: privacy.download as string })).toBeVisible();
  await expect(page.locator('section[lang="en"]').first()).toBeVisible();
  await expectNoRawKeysNorEnglish(page, 'fr', [SHELL, MARKETING], { exceptEnglish: true });
});

test('the account page switcher changes every remote at once, without a reload, and the profile keeps it', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await injectSession(page, user.session, '/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account', { timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  // The account page's own switcher (the second one: the navbar's comes first).
  await page.getByRole('main').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(accEs, 'account.title'));
  await expect(page.getByRole('heading', { name: msg(accEs, 'password.title') })).toBeVisible();
  await expect(
    page.getByRole('link', { name: (shellEs.nav as Tree).explore as string, exact: true }).first(),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => localStorage.getItem('wf-language'))).toBe('es');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await expect
    .poll(async () => {
      const sb = nodeClient();
      await sb.auth.setSession(user.session);
      const { data } = await sb.from('profiles').select('language').eq('id', user.session.user.id).single();
      return (data as { language: string | null } | null)?.language;
    })
    .toBe('es');
  // Another remote (marketing) is already in the chosen language.
  await page
    .getByRole('link', { name: (shellEs.nav as Tree).pricing as string, exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(mkEs, 'pricing.title'), {
    timeout: 30_000,
  });
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
});

test('an unknown page (the shell) speaks the language too', async ({ page }) => {
  await openIn(page, 'de', '/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    (shellDe.notFound as Tree).heading as string,
    { timeout: 30_000 },
  );
  await expect(page).toHaveTitle(`${(shellDe.notFound as Tree).title as string} · Wayfarer`);
});

test('the browser language decides for a first visit; English when it is not one of ours', async ({
  browser,
}) => {
  const fr = await browser.newContext({ locale: 'fr-FR' });
  const p1 = await fr.newPage();
  await p1.goto('/about');
  await expect(p1.getByRole('heading', { level: 1 })).toHaveText('À propos de Wayfarer', { timeout: 30_000 });
  await fr.close();
  const ja = await browser.newContext({ locale: 'ja-JP' });
  const p2 = await ja.newPage();
  await p2.goto('/about');
  await expect(p2.getByRole('heading', { level: 1 })).toHaveText('About Wayfarer', { timeout: 30_000 });
  await ja.close();
});

test('Arabic lays out right to left: html dir, mirrored navbar, the map and its controls still usable', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.addInitScript(() => localStorage.setItem('wf-language', 'ar'));
  await injectSession(page, user.session, '/explore?lat=48.8584&lon=2.2945&km=5');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The navbar mirrors: the brand sits at the right, the switchers and the account at the left.
  const brand = (await page.locator('.wf-nav__brand').boundingBox())!;
  const end = (await page.locator('.wf-nav__end').boundingBox())!;
  expect(brand.x).toBeGreaterThan(end.x);
  // The map keeps its own left-to-right layout: its zoom control is on screen and zooms.
  const map = page.getByTestId('explore-map');
  await expect(map.locator('.leaflet-container')).toHaveAttribute('data-marker-count', /^[1-9]\d*$/, {
    timeout: 30_000,
  });
  await expect(map.locator('.leaflet-container')).toHaveCSS('direction', 'ltr');
  const zoomIn = map.locator('.leaflet-control-zoom-in');
  await expect(zoomIn).toBeInViewport();
  const proxy = map.locator('.leaflet-proxy');
  const before = await proxy.evaluate((el) => getComputedStyle(el).transform);
  await zoomIn.click();
  await expect
    .poll(() => proxy.evaluate((el) => getComputedStyle(el).transform), { timeout: 10_000 })
    .not.toBe(before);
});

test('the navbar switcher changes every remote at once, without a reload, and the profile keeps it', async ({
  page,
  browser,
  stack,
}) => {
  const user = await createVerifiedUser();
  await injectSession(page, user.session, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Wayfarer', { timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chi è Wayfarer');
  await expect(page.getByRole('link', { name: 'Esplora', exact: true }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  // The choice is on the profile: another browser (its own language English) signs in and gets Italian.
  await expect
    .poll(async () => {
      const sb = nodeClient();
      await sb.auth.setSession(user.session);
      const { data } = await sb.from('profiles').select('language').eq('id', user.session.user.id).single();
      return (data as { language: string | null } | null)?.language;
    })
    .toBe('it');
  const other = await browser.newContext({ baseURL: stack.shellUrl });
  const p2 = await other.newPage();
  await injectSession(p2, user.session, '/pricing');
  await expect(p2.getByRole('heading', { level: 1 })).toHaveText((mkIt.pricing as Tree).title as string, {
    timeout: 30_000,
  });
  await other.close();
});

const EIFFEL_LIST = '/explore?lat=48.8584&lon=2.2945&km=5';

for (const language of LANGUAGES) {
  test(`the explore list page in ${language}: title, description, map, no raw keys, no English left`, async ({
    page,
  }) => {
    const ex = EXPLORE[language];
    // /explore is for signed-in users.
    const user = await createVerifiedUser();
    await page.addInitScript((l) => localStorage.setItem('wf-language', l), language);
    await injectSession(page, user.session, EIFFEL_LIST);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(ex, 'nearby.title'), {
      timeout: 30_000,
    });
    await expect(page.getByTestId('explore-count')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(`${msg(ex, 'nearby.metaTitle')} · Wayfarer`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      msg(ex, 'nearby.metaDescription'),
    );
    // The map speaks the language too: its label, Leaflet's zoom buttons, the attribution.
    const map = page.getByRole('region', { name: msg(ex, 'map.label') });
    await expect(map.locator('.leaflet-container')).toHaveAttribute('data-marker-count', /^[1-9]\d*$/, {
      timeout: 30_000,
    });
    await expect(map.locator('.leaflet-control-zoom-in')).toHaveAttribute('title', msg(ex, 'map.zoomIn'));
    await expect(map.locator('.leaflet-control-zoom-out')).toHaveAttribute('title', msg(ex, 'map.zoomOut'));
    await page.waitForLoadState('networkidle');
    await expectNoRawKeysNorEnglish(page, language, [SHELL, EXPLORE]);
  });

  test(`a sight page in ${language} (signed in, with a guide): no raw keys, no English left`, async ({
    page,
    stack,
  }) => {
    test.setTimeout(150_000);
    const ex = EXPLORE[language];
    const id = await eiffelId(stack.apiUrl);
    const user = await createVerifiedUser();
    // A finished guide in the page's language: the player, its transcript and 'Report a problem' are on the page.
    await generateGuideViaApi(stack.apiUrl, user.session.access_token, {
      sight_id: id,
      language,
      max_stations: 2,
      include_nearby: false,
    });
    await page.addInitScript((l) => localStorage.setItem('wf-language', l), language);
    await injectSession(page, user.session, `/explore/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 2, name: msg(ex, 'stations.title') })).toBeVisible();
    await expect(page.getByRole('region', { name: msg(ex, 'player.label') })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('station').first()).toBeVisible();
    // The mini map's zoom buttons too.
    const mini = page.getByRole('region', { name: msg(ex, 'map.miniLabel') });
    await expect(mini.locator('.leaflet-control-zoom-in')).toHaveAttribute('title', msg(ex, 'map.zoomIn'));
    await expect(page.getByRole('button', { name: msg(ex, 'guide.generate') })).toBeVisible();
    await expect(page.getByRole('button', { name: msg(ex, 'trust.report') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: msg(ex, 'images.title') })).toBeVisible();
    await expect(page.getByTestId('guide-usage')).toBeVisible();
    await expect(page).toHaveTitle(/Eiffel Tower · Wayfarer/);
    await page.waitForLoadState('networkidle');
    await expectNoRawKeysNorEnglish(page, language, [SHELL, EXPLORE]);
  });
}

test('Arabic sight page: right to left, the guide player keeps its left-to-right controls, plays and seeks', async ({
  page,
  stack,
}) => {
  test.setTimeout(150_000);
  const ar = EXPLORE.ar;
  const id = await eiffelId(stack.apiUrl);
  const user = await createVerifiedUser();
  await generateGuideViaApi(stack.apiUrl, user.session.access_token, {
    sight_id: id,
    language: 'ar',
    max_stations: 2,
    include_nearby: false,
  });
  await page.addInitScript(() => localStorage.setItem('wf-language', 'ar'));
  await injectSession(page, user.session, `/explore/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: /eiffel/i })).toBeVisible({ timeout: 30_000 });

  // The page mirrors: 'Back to the list' starts the top bar at the right, Share follows at its left.
  const back = (await page.getByRole('link', { name: msg(ar, 'detail.back') }).boundingBox())!;
  const share = (await page.getByRole('button', { name: msg(ar, 'detail.share') }).boundingBox())!;
  expect(back.x).toBeGreaterThan(share.x);

  // The player's controls do not: previous, play, next, the time and the seek bar run left to right.
  const player = page.getByRole('region', { name: msg(ar, 'player.label') });
  await expect(player).toBeVisible({ timeout: 30_000 });
  const controls = player.locator('.explore-player__controls');
  await expect(controls).toHaveCSS('direction', 'ltr');
  const play = player.getByRole('button', { name: msg(ar, 'player.play'), exact: true });
  const seek = player.getByRole('slider', { name: msg(ar, 'player.seek') });
  const previous = (await player.getByRole('button', { name: msg(ar, 'player.previous') }).boundingBox())!;
  expect(previous.x).toBeLessThan((await play.boundingBox())!.x);
  expect((await player.getByTestId('player-time').boundingBox())!.x).toBeLessThan(
    (await seek.boundingBox())!.x,
  );

  // Play: the Arabic narration really plays.
  const audio = () =>
    page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!;
      return { time: a.currentTime, duration: a.duration, paused: a.paused };
    });
  await play.click();
  await expect(player.getByRole('button', { name: msg(ar, 'player.pause'), exact: true })).toBeVisible();
  await expect.poll(async () => (await audio()).time, { timeout: 20_000 }).toBeGreaterThan(0.5);

  // Seek with the bar, paused: a click three quarters along it (from the left) goes three quarters into the station.
  await player.getByRole('button', { name: msg(ar, 'player.pause'), exact: true }).click();
  await expect(play).toBeVisible();
  const { duration } = await audio();
  expect(duration).toBeGreaterThan(2);
  const bar = (await seek.boundingBox())!;
  await page.mouse.click(bar.x + bar.width * 0.75, bar.y + bar.height / 2);
  await expect.poll(async () => (await audio()).time).toBeGreaterThan(duration * 0.6);
  expect((await audio()).time).toBeLessThan(duration * 0.9);
  // The keyboard: ArrowLeft goes back 5 s, as the bar points.
  const before = (await audio()).time;
  await seek.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await audio()).time).toBeLessThan(before - 0.05);
  // And it plays on from there.
  await play.click();
  await expect.poll(async () => (await audio()).paused).toBe(false);
});
