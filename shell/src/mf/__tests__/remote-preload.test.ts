import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remotePreloadScript } from '@wayfarer/mf-config/remote-preload';
import wayfarerTimeouts, { takePreloadedManifest } from '../runtime-plugin';

const MARKETING = 'http://marketing.test:3003';
const MANIFEST_URL = `${MARKETING}/mf-manifest.json`;
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    { path: './App', assets: { js: { sync: ['js/145.aaaa.js', 'js/__federation_expose_App.bbbb.js'], async: ['js/788.cccc.js'] } } },
  ],
};

type Win = Window & Record<string, unknown>;
const script = remotePreloadScript();
const fetchMock = jest.fn<typeof fetch>();

/** Runs the inline script the shell's index.html carries, as the browser would, at `path`. */
function runAt(path: string, remotes: Record<string, string> | null = { marketing: MARKETING, explore: 'http://explore.test' }) {
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
  delete (window as unknown as Win).__WF_PRELOADED_MANIFESTS__;
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify(MANIFEST), { status: 200 }));
  global.fetch = fetchMock;
});
afterEach(() => window.history.replaceState({}, '', '/'));

describe("the shell's inline remote preloader (index.html)", () => {
  it("fetches the current route's remote manifest at once and preloads its entry and ./App chunks", async () => {
    runAt('/pricing');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(MANIFEST_URL);
    await settle();
    expect(preloads()).toEqual([
      { href: `${MARKETING}/remoteEntry.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${MARKETING}/js/145.aaaa.js`, as: 'script', crossOrigin: 'anonymous' },
      { href: `${MARKETING}/js/__federation_expose_App.bbbb.js`, as: 'script', crossOrigin: 'anonymous' },
    ]);
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

  it('hands the manifest to the Module Federation runtime once, so it is not fetched twice', async () => {
    runAt('/');
    const plugin = wayfarerTimeouts();
    const res = (await plugin.fetch!(MANIFEST_URL, {})) as Response;
    expect(await res.json()).toEqual(MANIFEST);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A second load (Retry after a failure) goes to the network.
    expect(takePreloadedManifest(MANIFEST_URL)).toBeUndefined();
    await plugin.fetch!(MANIFEST_URL, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed preload is silent and the runtime fetches the manifest itself', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 503 }));
    runAt('/about');
    await settle();
    expect(preloads()).toEqual([]);
    const res = (await wayfarerTimeouts().fetch!(MANIFEST_URL, {})) as Response;
    expect(await res.json()).toEqual(MANIFEST);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("loads the remote entry in the preload's request mode (crossorigin=anonymous), so the preloaded copy is used", () => {
    const made = wayfarerTimeouts().createScript!({ url: `${MARKETING}/remoteEntry.js`, attrs: {} }) as { script: HTMLScriptElement };
    expect(made.script.src).toBe(`${MARKETING}/remoteEntry.js`);
    expect(made.script.crossOrigin).toBe('anonymous');
  });
});
