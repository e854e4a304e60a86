import { jest } from '@jest/globals';

/** In the shell: the session's remote map from the release registry, entry retries with back-off, beacons. */
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
const registerRemotes = jest.fn();
jest.unstable_mockModule('../federation', () => ({ loadRemote, registerRemotes }));
const { registerRemoteMap, loadRemoteApp, ENTRY_RETRY_DELAYS_MS } = await import('../remote-loader');
const { releaseSessionId } = await import('../remote-map');

const API = 'http://api.test';
const beacons: { url: string; body: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
    apiUrl: API,
    remotes: {
      explore: 'http://served.test:3001',
      account: 'http://served.test:3002',
      marketing: 'http://served.test:3003',
      admin: 'http://served.test:3004',
    },
  };
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
  });
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  beacons.length = 0;
  loadRemote.mockReset();
  registerRemotes.mockReset();
});

const registryAnswer = {
  remotes: {
    explore: 'http://served.test:3001',
    account: 'http://served.test:3002',
    marketing: 'http://served.test:3003/releases/2.0.0',
    admin: 'http://served.test:3004',
  },
  versions: { explore: null, account: null, marketing: '2.0.0', admin: null },
};

test("the registry's map for this tab's session wins over the served one", async () => {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify(registryAnswer));
  }) as typeof fetch;
  const map = await registerRemoteMap();
  expect(asked).toEqual([`${API}/releases/remote-map?session=${releaseSessionId()}`]);
  expect(sessionStorage.getItem('wf-release-session')).toBe(releaseSessionId());
  expect(map.marketing).toBe('http://served.test:3003/releases/2.0.0');
  expect(registerRemotes).toHaveBeenCalledWith(
    expect.arrayContaining([
      { name: 'marketing', entry: 'http://served.test:3003/releases/2.0.0/remoteEntry.js' },
    ]),
  );
});

test('the answer the HTML already asked for is taken once, without asking again', async () => {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify(registryAnswer));
  }) as typeof fetch;
  const w = window as unknown as Record<string, unknown>;
  w.__WAYFARER_REMOTE_MAP__ = { session: releaseSessionId(), answer: Promise.resolve(registryAnswer) };
  const map = await registerRemoteMap();
  expect(asked).toEqual([]);
  expect(map.marketing).toBe('http://served.test:3003/releases/2.0.0');
  expect(w.__WAYFARER_REMOTE_MAP__).toBeUndefined();
  // A failed early answer stands too (the registry is asked once per load): the served map.
  w.__WAYFARER_REMOTE_MAP__ = { session: releaseSessionId(), answer: Promise.resolve(null) };
  expect((await registerRemoteMap()).marketing).toBe('http://served.test:3003');
  expect(asked).toEqual([]);
  // An answer for another session (another tab's storage) is not taken: this tab asks itself.
  w.__WAYFARER_REMOTE_MAP__ = { session: 'someone-else', answer: Promise.resolve(null) };
  expect((await registerRemoteMap()).marketing).toBe('http://served.test:3003/releases/2.0.0');
  expect(asked).toEqual([`${API}/releases/remote-map?session=${releaseSessionId()}`]);
});

test('an unreachable registry falls back to the map the shell was served with', async () => {
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  const map = await registerRemoteMap();
  expect(map.marketing).toBe('http://served.test:3003');
});

test('an entry that fails to load is retried with back-off, then reported as phase entry', async () => {
  globalThis.fetch = (async () => new Response(JSON.stringify(registryAnswer))) as typeof fetch;
  await registerRemoteMap();
  jest.useFakeTimers();
  try {
    loadRemote.mockRejectedValue(
      new Error('Loading http://served.test:3003/releases/2.0.0/remoteEntry.js failed'),
    );
    const load = loadRemoteApp('marketing');
    const settled = load.catch((e: unknown) => e);
    for (const d of ENTRY_RETRY_DELAYS_MS) await jest.advanceTimersByTimeAsync(d);
    const err = (await settled) as Error;
    expect(err.name).toBe('ChunkLoadError');
    expect(loadRemote).toHaveBeenCalledTimes(ENTRY_RETRY_DELAYS_MS.length + 1);
    expect(registerRemotes).toHaveBeenCalledWith([expect.objectContaining({ name: 'marketing' })], {
      force: true,
    });
    expect(beacons).toEqual([
      {
        url: `${API}/releases/failures`,
        body: expect.objectContaining({
          remote: 'marketing',
          version: '2.0.0',
          phase: 'entry',
          session: releaseSessionId(),
        }),
      },
    ]);
  } finally {
    jest.useRealTimers();
  }
});

test('a retried entry that loads the second time is not reported', async () => {
  jest.useFakeTimers();
  try {
    loadRemote
      .mockRejectedValueOnce(
        new Error('Loading http://served.test:3003/releases/2.0.0/remoteEntry.js failed'),
      )
      .mockResolvedValueOnce({ default: () => null });
    const load = loadRemoteApp('marketing');
    await jest.advanceTimersByTimeAsync(ENTRY_RETRY_DELAYS_MS[0]!);
    expect(typeof (await load).default).toBe('function');
    expect(beacons).toEqual([]);
  } finally {
    jest.useRealTimers();
  }
});

test('an exposed module that throws is not retried and is reported as phase expose', async () => {
  loadRemote.mockRejectedValue(new Error('v4: ./App failed to start'));
  await expect(loadRemoteApp('marketing')).rejects.toThrow(/v4: \.\/App failed to start/);
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(beacons.map((b) => b.body.phase)).toEqual(['expose']);
});
