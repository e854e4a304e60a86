import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  FIRST_SCREEN_GLOBAL,
  LANGUAGE_STORAGE_KEY,
  type FirstScreenHandoff,
} from '@wayfarer/contracts/browser';
import en from '../../../locales/en';
import fr from '../../../locales/fr';
import ar from '../../../locales/ar';
import { paintHomeFirstScreen } from '../first-screen-paint';

type Win = Window & Record<string, unknown>;

/** The words a painted first screen shows: its title, lead and the two links. */
function words(root: HTMLElement) {
  return {
    title: root.querySelector('.wf-fs-h1')?.textContent,
    lead: root.querySelector('.wf-fs-lead')?.textContent,
    start: root.querySelector('.wf-fs-btn:not(.wf-fs-ghost)')?.textContent,
    plans: root.querySelector('.wf-fs-ghost')?.textContent,
  };
}
const heroOf = (catalog: typeof en) => ({
  title: catalog.home.title,
  lead: catalog.home.lead,
  start: catalog.home.start,
  plans: catalog.home.plans,
});
const paintAt = (search: string) => {
  window.history.replaceState({}, '', `/${search}`);
  const root = document.createElement('div');
  void paintHomeFirstScreen(root);
  return root;
};

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
  window.history.replaceState({}, '', '/');
  delete (window as unknown as Win)[FIRST_SCREEN_GLOBAL];
});

describe("the home page's first screen (painted by the shell's HTML before any catalog has loaded)", () => {
  it("says what the page's hero says, in English by default", () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const root = paintAt('');
    expect(words(root)).toEqual(heroOf(en));
    expect(root.lang).toBe('en');
    expect(root.dir).toBe('ltr');
    // Shapes, not controls: nothing to press or reach with the keyboard before the page is there.
    expect(root.querySelectorAll('h1, h2, a, button, input, [tabindex]')).toHaveLength(0);
  });

  it('speaks the language the page opens in: ?lng=, the stored choice, the browser', () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en']);
    expect(words(paintAt('?lng=fr'))).toEqual(heroOf(fr));
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(words(paintAt(''))).toEqual(heroOf(fr));
    localStorage.clear();
    const arabic = paintAt('');
    expect(words(arabic)).toEqual(heroOf(ar));
    // Laid out right to left, as the page is.
    expect(arabic.dir).toBe('rtl');
    expect(arabic.lang).toBe('ar');
  });

  it('the built entry paints into the overlay it is handed, and says when it is ready', async () => {
    const root = document.createElement('div');
    const handoff: FirstScreenHandoff = { root };
    (window as unknown as Win)[FIRST_SCREEN_GLOBAL] = handoff;
    await import('../first-screen');
    expect(root.querySelector('.wf-fs-h1')?.textContent).toBeTruthy();
    await expect(handoff.ready).resolves.toBeUndefined();
  });
});
