import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remotePreloadScript } from '@wayfarer/mf-config/inline-scripts';
import { loadRemote, registerRemotes } from '../federation';

const MARKETING = 'http://marketing.test:3003';
const MANIFEST_URL = `${MARKETING}/mf-manifest.json`;
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      path: './App',
      assets: {
        js: { sync: ['js/145.aaaa.js', 'js/__federation_expose_App.bbbb.js'], async: ['js/788.cccc.js'] },
      },
    },
  ],
  // RoutePagesManifestPlugin: each route's page chunks (a chunk the ./App already has is preloaded once).
  routes: {
    '/pricing': ['js/page-pricing.dddd.js', 'js/145.aaaa.js'],
    '/news/:newsId': ['js/page-news-item.eeee.js'],
  },
};

type Win = Window & Record<string, unknown>;
const script = remotePreloadScript();
const fetchMock = jest.fn<typeof fetch>();

/** Runs the inline script the shell's index.html carries, as the browser would, at `path`. */
function runAt(
  path: string,
  remotes: Record<string, string> | null = { marketing: MARKETING, explore: 'http://explore.test' },
) {
  window.history.replaceState({}, '', path);
  (window as unknown as Win).__WAYFARER_CONFIG__ = remotes ? { remotes } : {};
  new Function(script)();
}
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => ({
    href: l.href,
    as: l.getAttribute('as'),
    crossOrigin: l.crossOrigin,
  }));
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  document.head.innerHTML = '';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(MANIFEST), { status: 200 }));
  global.fetch = fetchMock;
});
afterEach(() => window.history.replaceState({}, '', '/'));

describe("the shell's inline remote preloader (index.html)", () => {
  it("preloads the current route's remote entry at once, then its ./App chunks and the route's page from the manifest", async () => {
    runAt('/pricing');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(MANIFEST_URL);
    // The entry before the manifest is in.
    expect(preloads()).toEqual([
      { href: `${MARKETING}/remoteEntry.js`, as: 'script', crossOrigin: 'anonymous' },
    ]);
    await settle();
    expect(preloads()).toEqual([
      { href: `${MARKETING}/remoteEntry.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${MARKETING}/js/145.aaaa.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${MARKETING}/js/__federation_expose_App.bbbb.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${MARKETING}/js/page-pricing.dddd.js`, as: 'script', crossOrigin: 'anonymous' },
    ]);
  });

  it('preloads the page of a route with parameters by its pattern, and no page for a route the manifest lacks', async () => {
    runAt('/news/n-42');
    await settle();
    expect(preloads().map((p) => p.href)).toEqual([
      `${MARKETING}/remoteEntry.js`,
      `${MARKETING}/js/145.aaaa.js`,
      `${MARKETING}/js/__federation_expose_App.bbbb.js`,
      `${MARKETING}/js/page-news-item.eeee.js`,
    ]);
    document.head.innerHTML = '';
    runAt('/about');
    await settle();
    expect(preloads().map((p) => p.href)).toEqual([
      `${MARKETING}/remoteEntry.js`,
      `${MARKETING}/js/145.aaaa.js`,
      `${MARKETING}/js/__federation_expose_App.bbbb.js`,
    ]);
  });

  it("preloads a page's conditional chunk (the manifest's routeMedia) with its media query, the rest without", async () => {
    const EXPLORE = 'http://explore.test';
    const query = 'not all and (hover: none) and (pointer: coarse)';
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            ...MANIFEST,
            routes: { '/explore': ['js/page-explore.1111.js', 'js/leaflet.2222.js', 'js/145.aaaa.js'] },
            routeMedia: {
              '/explore': { 'js/leaflet.2222.js': query, 'js/145.aaaa.js': query },
              '/explore/:placeId': { 'js/page-explore.1111.js': query },
            },
          }),
          { status: 200 },
        ),
    );
    runAt('/explore');
    await settle();
    const media = Object.fromEntries(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [
        l.href.replace(`${EXPLORE}/`, ''),
        l.getAttribute('media'),
      ]),
    );
    expect(media).toEqual({
      'remoteEntry.js': null,
      // Needed by the ./App itself: preloaded everywhere, whatever the route says.
      'js/145.aaaa.js': null,
      'js/__federation_expose_App.bbbb.js': null,
      'js/page-explore.1111.js': null,
      'js/leaflet.2222.js': query,
    });
  });

  it('preloads at low priority, the priority webpack’s own script tags for these files get', async () => {
    runAt('/pricing');
    await settle();
    const links = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(links).toHaveLength(4);
    for (const l of links) expect(l.getAttribute('fetchpriority')).toBe('low');
  });

  it('matches routes with parameters and a trailing slash', () => {
    runAt('/explore/node-123/');
    expect(fetchMock.mock.calls[0]![0]).toBe('http://explore.test/mf-manifest.json');
  });

  it('does nothing for a path no remote owns, or without a remote map', () => {
    runAt('/no/such/page');
    runAt('/pricing', null);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });

  it('a failed manifest fetch is silent: the entry is still preloaded, the runtime loads the rest itself', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 503 }));
    runAt('/about');
    await settle();
    fetchMock.mockResolvedValueOnce(new Response('{not json', { status: 200 }));
    runAt('/pricing');
    await settle();
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(preloads().map((p) => p.href)).toEqual([
      `${MARKETING}/remoteEntry.js`,
      `${MARKETING}/remoteEntry.js`,
    ]);
  });

  describe("the release registry's remote map, asked from the HTML", () => {
    const API = 'http://api.test:4000';
    const EARLY = '__WAYFARER_REMOTE_MAP__';
    const w = window as unknown as Win;
    const answer = {
      remotes: { marketing: `${MARKETING}/releases/2.0.0` },
      versions: { marketing: '2.0.0' },
    };
    const runWithApi = (path: string) => {
      window.history.replaceState({}, '', path);
      w.__WAYFARER_CONFIG__ = { apiUrl: `${API}/`, remotes: { marketing: MARKETING } };
      new Function(script)();
    };
    beforeEach(() => {
      sessionStorage.clear();
      delete w[EARLY];
    });
    afterEach(() => {
      delete w[EARLY];
    });

    it("asks with the tab's release session (made and kept if new) and leaves the answer for the shell", async () => {
      fetchMock.mockImplementation(async (url) =>
        String(url).includes('/releases/remote-map')
          ? new Response(JSON.stringify(answer), { status: 200 })
          : new Response(JSON.stringify(MANIFEST), { status: 200 }),
      );
      runWithApi('/pricing');
      const session = sessionStorage.getItem('wf-release-session');
      expect(session).toMatch(/^[\w-]{12,}$/);
      // Asked before the route's manifest: the registry's answer is on the first remote load's path.
      expect(String(fetchMock.mock.calls[0]![0])).toBe(`${API}/releases/remote-map?session=${session}`);
      expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-store' });
      expect(String(fetchMock.mock.calls[1]![0])).toBe(MANIFEST_URL);
      const early = w[EARLY] as { session: string; answer: Promise<unknown> };
      expect(early.session).toBe(session);
      await expect(early.answer).resolves.toEqual(answer);
    });

    it('keeps an existing session id, and turns a failed answer into null (the shell then uses the served map)', async () => {
      sessionStorage.setItem('wf-release-session', 'kept-session-1');
      fetchMock.mockImplementation(async (url) =>
        String(url).includes('/releases/remote-map')
          ? new Response('down', { status: 503 })
          : new Response(JSON.stringify(MANIFEST), { status: 200 }),
      );
      runWithApi('/no/such/page');
      expect(String(fetchMock.mock.calls[0]![0])).toBe(`${API}/releases/remote-map?session=kept-session-1`);
      await expect((w[EARLY] as { answer: Promise<unknown> }).answer).resolves.toBeNull();
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      runWithApi('/no/such/page');
      await expect((w[EARLY] as { answer: Promise<unknown> }).answer).resolves.toBeNull();
    });

    it('asks nothing without an API in the runtime config', () => {
      runAt('/no/such/page');
      expect(fetchMock).not.toHaveBeenCalled();
      expect(w[EARLY]).toBeUndefined();
    });
  });

  it("loads the remote entry in the preload's request mode (crossorigin=anonymous), so the preloaded copy is used", () => {
    registerRemotes([{ name: 'marketing', entry: `${MARKETING}/remoteEntry.js` }], { force: true });
    void loadRemote('marketing/App').catch(() => undefined);
    const made = document.querySelector<HTMLScriptElement>('script[data-remote="marketing"]')!;
    expect(made.src).toBe(`${MARKETING}/remoteEntry.js`);
    expect(made.crossOrigin).toBe('anonymous');
    registerRemotes([{ name: 'marketing', entry: `${MARKETING}/remoteEntry.js` }], { force: true });
  });
});
