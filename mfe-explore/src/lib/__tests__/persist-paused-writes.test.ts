import { jest } from '@jest/globals';
import { QueryClient, onlineManager } from '@wayfarer/query';
import { OFFLINE_WRITES_SCOPE, retryWhileOffline } from '../offline-writes';
import { persistPausedWrites } from '../persist-paused-writes';

/**
 * The queue of offline writes on TanStack Query itself: paused mutations of one scope, kept in storage
 * across a "reload" (a second QueryClient on the same storage) and sent in order, once each, when back online.
 */
const KEY = ['test', 'write'];
const STORAGE_KEY = 'test-offline-writes';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A page: a client whose write is `send`, with the queue's options, mounted (it listens to onlineManager). */
function page(storage: Storage, send: (v: { n: number }) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setMutationDefaults(KEY, {
    mutationFn: send,
    scope: OFFLINE_WRITES_SCOPE,
    retry: retryWhileOffline,
  });
  client.mount();
  persistPausedWrites(client, { storageKey: STORAGE_KEY, scopeId: OFFLINE_WRITES_SCOPE.id, storage });
  const write = (n: number) =>
    client
      .getMutationCache()
      .build(client, { mutationKey: KEY })
      .execute({ n })
      .catch(() => undefined);
  return { client, write };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => onlineManager.setOnline(true));

test('writes made offline wait, survive a reload, and are sent in order once each when back online', async () => {
  const storage = memoryStorage();
  const sent: number[] = [];
  const send = async ({ n }: { n: number }) => {
    sent.push(n);
    return { ok: n };
  };
  onlineManager.setOnline(false);
  const first = page(storage, send);
  void first.write(1);
  void first.write(2);
  void first.write(3);
  await settle();
  expect(sent).toEqual([]);
  expect(
    first.client
      .getMutationCache()
      .getAll()
      .every((m) => m.state.isPaused),
  ).toBe(true);
  const kept = JSON.parse(storage.getItem(STORAGE_KEY)!) as {
    mutations: { state: { variables: unknown } }[];
  };
  expect(kept.mutations.map((m) => m.state.variables)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  first.client.unmount();

  // Reopened (still offline): the writes are back, paused, and nothing is sent yet.
  const second = page(storage, send);
  await settle();
  expect(
    second.client
      .getMutationCache()
      .getAll()
      .map((m) => m.state.variables),
  ).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect(sent).toEqual([]);

  onlineManager.setOnline(true);
  await settle();
  expect(sent).toEqual([1, 2, 3]);
  expect(
    second.client
      .getMutationCache()
      .getAll()
      .map((m) => m.state.status),
  ).toEqual(['success', 'success', 'success']);
  expect(storage.getItem(STORAGE_KEY)).toBeNull();
  second.client.unmount();
});

test('one write at a time: the next is sent only after the server answered the one before', async () => {
  const storage = memoryStorage();
  const order: string[] = [];
  let release!: () => void;
  const send = ({ n }: { n: number }) => {
    order.push(`start ${n}`);
    return new Promise((resolve) => {
      const done = () => {
        order.push(`end ${n}`);
        resolve(n);
      };
      if (n === 1) release = done;
      else done();
    });
  };
  onlineManager.setOnline(false);
  const p = page(storage, send);
  void p.write(1);
  void p.write(2);
  onlineManager.setOnline(true);
  await settle();
  expect(order).toEqual(['start 1']);
  release();
  await settle();
  expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  p.client.unmount();
});

test('a network failure while offline is tried again when the connection returns; a refusal is final', async () => {
  const storage = memoryStorage();
  const { ApiError } = await import('@wayfarer/api-client');
  let calls = 0;
  const send = jest.fn(async ({ n }: { n: number }) => {
    calls += 1;
    if (n === 1 && calls === 1) {
      onlineManager.setOnline(false); // the connection went while the request was out
      throw new TypeError('Failed to fetch');
    }
    if (n === 2) throw new ApiError('Comment not found', 404, { error: 'Comment not found' });
    return n;
  });
  const p = page(storage, send);
  void p.write(1);
  void p.write(2);
  // After the retryer's back-off (1 s) it waits for the connection instead of failing.
  await new Promise((r) => setTimeout(r, 1200));
  expect(calls).toBe(1);
  expect(p.client.getMutationCache().getAll()[0]!.state.isPaused).toBe(true);
  onlineManager.setOnline(true);
  await settle();
  expect(
    p.client
      .getMutationCache()
      .getAll()
      .map((m) => m.state.status),
  ).toEqual(['success', 'error']);
  expect(calls).toBe(3);
  p.client.unmount();
});

test('a pending write that was in flight when the page closed is restored paused and sent again', async () => {
  const storage = memoryStorage();
  const first = page(storage, () => new Promise(() => undefined)); // the answer never comes
  void first.write(7);
  await settle();
  expect(first.client.getMutationCache().getAll()[0]!.state.isPaused).toBe(false);
  expect(storage.getItem(STORAGE_KEY)).toContain('"n":7');
  first.client.unmount();
  const sent: number[] = [];
  const second = page(storage, async ({ n }) => void sent.push(n));
  await settle();
  expect(sent).toEqual([7]);
  expect(storage.getItem(STORAGE_KEY)).toBeNull();
  second.client.unmount();
});
