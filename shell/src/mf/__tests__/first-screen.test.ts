import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remotePreloadScript } from '@wayfarer/mf-config/inline-scripts';
import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_ID,
  dismissFirstScreen,
  type FirstScreenHandoff,
} from '@wayfarer/contracts/browser';

const EXPLORE = 'http://explore.test';
const SUPABASE = 'http://auth.test:4000';
/** supabase-js's storage key for SUPABASE (packages/session's storageKeyFor). */
const SESSION_KEY = 'sb-auth-auth-token';
/** A remote's first screen: it paints into the overlay the preloader hands it. */
const SCREEN = `var h = window.${FIRST_SCREEN_GLOBAL}; h.root.innerHTML = '<div class="painted">' + location.search + '</div>'; h.ready = window.__pictureLoaded;`;

type Win = Window & Record<string, unknown>;
const script = remotePreloadScript();
const fetchMock = jest.fn<typeof fetch>();

/** The first-screen scripts a test's remote serves, by URL (jsdom loads no script files: see loadScripts). */
const served = new Map<string, string>();
const SCREEN_FILE = 'js/first-screen-0.0123456789abcdef.js';
served.set(`${EXPLORE}/${SCREEN_FILE}`, SCREEN);

/**
 * Stands in for the browser loading a script element's file: runs the served script and fires `load` (`error`
 * for a URL nothing serves), as the page would once the file is in.
 */
const loadScripts = new MutationObserver((records) => {
  for (const r of records)
    for (const node of r.addedNodes) {
      if (!(node instanceof HTMLScriptElement) || !node.src) continue;
      const body = served.get(node.src);
      if (body !== undefined) new Function(body)();
      node.dispatchEvent(new Event(body === undefined ? 'error' : 'load'));
    }
});

function manifest(firstScreens: Record<string, string>) {
  return {
    metaData: { publicPath: 'auto' },
    exposes: [{ path: './App', assets: { js: { sync: ['js/app.js'], async: [] } } }],
    routes: { '/explore': ['js/page-explore.js'] },
    firstScreens,
  };
}

/** Runs the shell's inline preloader at `path`, then lets the manifest's answer in. */
async function runAt(path: string) {
  window.history.replaceState({}, '', path);
  (window as unknown as Win).__WAYFARER_CONFIG__ = {
    supabaseUrl: SUPABASE,
    remotes: { explore: EXPLORE, marketing: 'http://marketing.test' },
  };
  new Function(script)();
  await new Promise((r) => setTimeout(r, 0));
}
const overlay = () => document.getElementById(FIRST_SCREEN_ID);
const handoff = () => (window as unknown as Record<string, FirstScreenHandoff>)[FIRST_SCREEN_GLOBAL]!;
/**
 * The browser's next frame, as a zero-delay task: jsdom paints a frame every 16 ms of real time, which a loaded
 * machine can delay past any wait, so the test owns the frames instead.
 */
const frames = jest.fn(
  (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 0) as unknown as number,
);

/**
 * Whether a promise has settled once the work already queued has run: a few turns of zero-delay tasks (timers of
 * equal delay run in the order they were set), so the answer never depends on how fast the machine is.
 */
async function settled(p: Promise<unknown> | undefined): Promise<boolean> {
  let done = false;
  void p?.then(() => (done = true));
  for (let turn = 0; turn < 10; turn++) await new Promise((r) => setTimeout(r, 0));
  return done;
}

beforeEach(() => {
  loadScripts.observe(document.head, { childList: true });
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.clear();
  sessionStorage.clear();
  delete (window as unknown as Win)[FIRST_SCREEN_GLOBAL];
  (window as unknown as Win).__pictureLoaded = undefined;
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify(manifest({ '/explore': SCREEN_FILE })), { status: 200 }),
  );
  global.fetch = fetchMock;
  frames.mockClear();
  window.requestAnimationFrame = frames;
});
afterEach(() => {
  loadScripts.disconnect();
  window.history.replaceState({}, '', '/');
});

describe("a route's first screen, painted by the shell's HTML from the remote's manifest", () => {
  it('runs the manifest’s script for the route in an overlay outside #root, hidden from assistive technology', async () => {
    localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    await runAt('/explore?lat=1&lon=2');
    const el = overlay();
    expect(el?.parentElement).toBe(document.body);
    expect(document.getElementById('root')?.contains(el)).toBe(false);
    expect(el?.getAttribute('aria-hidden')).toBe('true');
    expect(el?.style.position).toBe('fixed');
    expect(el?.querySelector('.painted')?.textContent).toBe('?lat=1&lon=2');
    // Where it came from, for the shell to check against the build it loads (first-screen-wait.ts).
    expect(handoff()).toMatchObject({ remote: 'explore', from: EXPLORE, root: el });
    // The remote's script file, not inline code: the page's Content-Security-Policy allows the remote's origin only.
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => [s.src, s.crossOrigin, s.textContent])).toEqual([
      [`${EXPLORE}/${SCREEN_FILE}`, 'anonymous', ''],
    ]);
  });

  it('takes the overlay away and lets the shell start when the script fails to load', async () => {
    localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify(manifest({ '/explore': 'js/missing.js' })), { status: 200 }),
    );
    await runAt('/explore');
    expect(overlay()).toBeNull();
    expect(await settled(handoff().pending)).toBe(true);
  });

  it('loads no first screen the manifest names by an address instead of a file of the build', async () => {
    localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    served.set('https://evil.test/x.js', SCREEN);
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(manifest({ '/explore': 'https://evil.test/x.js' })), { status: 200 }),
    );
    await runAt('/explore');
    expect(overlay()).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(await settled(handoff().pending)).toBe(true);
  });

  it('also with a session kept for this tab only (sessionStorage)', async () => {
    sessionStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    await runAt('/explore');
    expect(overlay()?.querySelector('.painted')).not.toBeNull();
  });

  it('paints nothing on a signed-in route without a stored session: the shell will show the sign-in page', async () => {
    await runAt('/explore');
    expect(overlay()).toBeNull();
  });

  it('paints nothing once the page (or anything else) has taken the screen, and the page takes it away', async () => {
    localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    await runAt('/explore');
    expect(overlay()).not.toBeNull();
    dismissFirstScreen();
    expect(overlay()).toBeNull();
    // A manifest that answers after the page has committed (it was slow) paints nothing.
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    await runAt('/explore');
    dismissFirstScreen();
    answer(new Response(JSON.stringify(manifest({ '/explore': SCREEN_FILE })), { status: 200 }));
    await new Promise((r) => setTimeout(r, 0));
    expect(overlay()).toBeNull();
  });

  it('paints nothing for a route without a first screen, or when the address moved on before the manifest came', async () => {
    localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
    await runAt('/explore/node-1');
    expect(overlay()).toBeNull();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    await runAt('/explore');
    window.history.pushState({}, '', '/shop');
    answer(new Response(JSON.stringify(manifest({ '/explore': SCREEN_FILE })), { status: 200 }));
    await new Promise((r) => setTimeout(r, 0));
    expect(overlay()).toBeNull();
  });

  describe('the shell waits for the picture (FirstScreenHandoff.pending)', () => {
    it('settles only once the first screen’s picture has loaded and a frame has been painted after it', async () => {
      localStorage.setItem(SESSION_KEY, '{"user":{"id":"u1"}}');
      let loaded: () => void = () => undefined;
      (window as unknown as Win).__pictureLoaded = new Promise<void>((r) => (loaded = r));
      await runAt('/explore');
      expect(overlay()).not.toBeNull();
      expect(await settled(handoff().pending)).toBe(false);
      expect(frames).not.toHaveBeenCalled();
      loaded();
      expect(await settled(handoff().pending)).toBe(true);
      expect(frames).toHaveBeenCalledTimes(1);
    });

    it('settles once the manifest has answered without a first screen for the route, or has failed', async () => {
      await runAt('/explore');
      expect(overlay()).toBeNull();
      expect(await settled(handoff().pending)).toBe(true);
      fetchMock.mockResolvedValueOnce(new Response('down', { status: 503 }));
      await runAt('/pricing');
      expect(await settled(handoff().pending)).toBe(true);
    });

    it('is not there for a route no remote owns: the shell starts at once', async () => {
      await runAt('/no/such/page');
      expect((window as unknown as Win)[FIRST_SCREEN_GLOBAL]).toBeUndefined();
    });
  });
});
