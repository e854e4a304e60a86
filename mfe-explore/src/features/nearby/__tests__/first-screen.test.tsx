import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { FIRST_SCREEN_GLOBAL, type FirstScreenHandoff } from '@wayfarer/contracts/browser';
import { MapPlaceholder } from '../components/map-placeholder';
import { paintFirstScreen } from '../utils/first-screen-paint';
import { parseView } from '../utils/view-state';

type Win = Window & Record<string, unknown>;
const w = window as unknown as Win;
const TILES = 'http://tiles.test/{z}/{x}/{y}.png';
/** A phone's map box inside its border (412 x 823 screen): what both the first screen and the page measure. */
const BOX = { width: 378, height: 426 };

const sized = () => {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(BOX.width);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(BOX.height);
};
const tilesOf = (root: ParentNode) =>
  [...root.querySelectorAll('img')].map((img) => ({
    src: img.getAttribute('src'),
    left: img.style.left,
    top: img.style.top,
    priority: img.getAttribute('fetchpriority'),
  }));

beforeEach(() => {
  w.__WAYFARER_CONFIG__ = { mapTileUrl: TILES };
  window.history.replaceState({}, '', '/explore?lat=41.9028&lon=12.4964&km=3');
});
afterEach(() => {
  jest.restoreAllMocks();
  delete w.__WAYFARER_CONFIG__;
  delete w[FIRST_SCREEN_GLOBAL];
  window.history.replaceState({}, '', '/');
});

describe("/explore's first screen (painted by the shell's HTML before any of the page's code)", () => {
  it('shows the tiles the page’s preview will show, where it shows them: the page takes them from the cache', () => {
    sized();
    const root = document.createElement('div');
    void paintFirstScreen(root);
    const painted = tilesOf(root);
    expect(painted.length).toBeGreaterThan(1);
    expect(painted.every((t) => t.src?.startsWith('http://tiles.test/'))).toBe(true);
    // The page for the same address, in a box of the same size.
    const view = parseView(new URLSearchParams(window.location.search));
    const page = render(<MapPlaceholder view={view} />);
    expect(tilesOf(page.container)).toEqual(painted);
    // The view of the address, not the default one.
    window.history.replaceState({}, '', '/explore');
    const other = document.createElement('div');
    void paintFirstScreen(other);
    expect(tilesOf(other)[0]!.src).not.toBe(painted[0]!.src);
  });

  it('has no text and no controls: nothing to translate, read out or press', () => {
    sized();
    const root = document.createElement('div');
    void paintFirstScreen(root);
    expect(root.textContent).toBe(root.querySelector('style')!.textContent);
    expect(root.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
    for (const img of root.querySelectorAll('img')) expect(img.alt).toBe('');
  });

  it('is ready when its central tile has loaded or failed, not before', async () => {
    sized();
    const root = document.createElement('div');
    let ready = false;
    void paintFirstScreen(root).then(() => (ready = true));
    const imgs = root.querySelectorAll('img');
    imgs[1]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(ready).toBe(false);
    imgs[0]!.dispatchEvent(new Event('error'));
    await Promise.resolve();
    expect(ready).toBe(true);
    // A tile that failed is hidden, as the page's preview does.
    expect(imgs[0]!.style.visibility).toBe('hidden');
  });

  it('draws the frame without tiles, and is ready at once, when there is no tile server', async () => {
    sized();
    w.__WAYFARER_CONFIG__ = { mapTileUrl: '' };
    const root = document.createElement('div');
    await paintFirstScreen(root);
    expect(root.querySelector('.wf-fs-map')).not.toBeNull();
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });

  it('the built entry paints into the overlay it is handed, and says when it is ready', async () => {
    sized();
    const root = document.createElement('div');
    const handoff: FirstScreenHandoff = { root };
    w[FIRST_SCREEN_GLOBAL] = handoff;
    await import('../first-screen');
    expect(root.querySelectorAll('img').length).toBeGreaterThan(1);
    expect(handoff.ready).toBeInstanceOf(Promise);
  });
});
