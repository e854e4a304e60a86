import { jest } from '@jest/globals';

/** The shell's loader offline: a remote build the worker never cached whole gives way to one it did. */
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
jest.unstable_mockModule('../federation', () => ({ loadRemote, registerRemotes }));
const { registerRemoteMap, loadRemoteApp, getRemoteMap } = await import('../remote-loader');
const { remoteVersion } = await import('../remote-map');

const API = 'http://api.test';
const NAMED = 'http://m.test:3003/releases/2.0.0';
const CACHED = 'http://m.test:3003/releases/1.0.0';
const index = [
  { name: 'marketing', base: CACHED, cache: 'wf-remote-marketing-1.0.0-0123456789abcdef', at: 1 },
];
const realFetch = globalThis.fetch;
let healthz: 'answers' | 'fails' = 'fails';

beforeAll(() => {
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = { apiUrl: API, remotes: {} };
  globalThis.fetch = (async (url: string) => {
    if (String(url) === '/healthz') {
      if (healthz === 'fails') throw new TypeError('Failed to fetch');
      return new Response('ok');
    }
    return new Response(
      JSON.stringify({
        remotes: {
          explore: 'http://e.test',
          account: 'http://a.test',
          marketing: NAMED,
          admin: 'http://d.test',
        },
        versions: { marketing: '2.0.0' },
      }),
    );
  }) as typeof fetch;
  Object.defineProperty(globalThis, 'caches', {
    configurable: true,
    value: {
      open: async () => ({ match: async () => new Response(JSON.stringify(index)) }),
    },
  });
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(async () => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  await registerRemoteMap();
});

const entryFailure = () => new Error(`Loading ${NAMED}/remoteEntry.js failed`);

test("offline, the named build's entry fails: the worker's whole cached build of that remote runs", async () => {
  healthz = 'fails';
  const App = () => null;
  loadRemote.mockRejectedValueOnce(entryFailure()).mockResolvedValueOnce({ default: App });
  await expect(loadRemoteApp('marketing')).resolves.toEqual({ default: App });
  expect(loadRemote).toHaveBeenCalledTimes(2);
  expect(registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'marketing', entry: `${CACHED}/remoteEntry.js` }],
    {
      force: true,
    },
  );
  expect(getRemoteMap()?.marketing).toBe(CACHED);
  expect(getRemoteMap()?.explore).toBe('http://e.test');
  expect(remoteVersion('marketing')).toBe('1.0.0');
});

test('online (the shell answers), a failed entry is retried as it was, never swapped for a cached build', async () => {
  healthz = 'answers';
  loadRemote.mockRejectedValue(entryFailure());
  await expect(loadRemoteApp('marketing')).rejects.toMatchObject({ name: 'ChunkLoadError' });
  expect(getRemoteMap()?.marketing).toBe(NAMED);
  for (const [entries] of registerRemotes.mock.calls as [{ entry: string }[]][])
    expect(entries.map((e) => e.entry)).not.toContain(`${CACHED}/remoteEntry.js`);
});
