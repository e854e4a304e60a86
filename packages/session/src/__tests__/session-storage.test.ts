import type { SupportedStorage } from '@supabase/auth-js';
import {
  ACCEPTED_COOKIES_KEY,
  BROWSER_SESSION_CHANNEL,
  BROWSER_SESSION_MARKER_PREFIX,
  STAY_LOGGED_IN_KEY,
  createBrowserSessionStorage,
  isPersistentSession,
  type SessionChannel,
} from '../session-storage';

/** A Storage over a Map: the browser's localStorage (shared by the tabs) or one tab's sessionStorage. */
class MapStorage {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

const KEY = 'sb-localhost-auth-token';
const SESSION = JSON.stringify({ access_token: 'a1', refresh_token: 'r1' });
const TIMEOUT = 150;

let browsers = 0;

/**
 * A simulated browser: one localStorage, and tabs that each have a sessionStorage and a real BroadcastChannel. The
 * channel name is the product's plus a per-browser suffix: Node's BroadcastChannel is process-wide, so a channel
 * another test file left open in the same jest worker (a real client holding a session) would otherwise answer.
 */
function browser(local = new MapStorage()) {
  const name = `${BROWSER_SESSION_CHANNEL}:${process.pid}:${++browsers}`;
  const channels: BroadcastChannel[] = [];
  const posted: unknown[] = [];
  const tab = (session = new MapStorage()) => {
    const bc = new BroadcastChannel(name);
    channels.push(bc);
    const channel: SessionChannel = {
      postMessage: (m) => {
        posted.push(m);
        bc.postMessage(m);
      },
      addEventListener: (type, fn) => bc.addEventListener(type, fn as (e: Event) => void),
    };
    return { session, store: createBrowserSessionStorage({ local, session, channel, timeoutMs: TIMEOUT }) };
  };
  return { local, tab, posted, close: () => channels.forEach((c) => c.close()) };
}

let open: ReturnType<typeof browser>[] = [];
function newBrowser(local?: MapStorage) {
  const b = browser(local);
  open.push(b);
  return b;
}
afterEach(() => {
  open.forEach((b) => b.close());
  open = [];
});

/** Lets BroadcastChannel messages between the simulated tabs arrive. */
const delivered = () => new Promise((r) => setTimeout(r, 20));
const get = (s: SupportedStorage, k = KEY) => Promise.resolve(s.getItem(k));

describe('session storage follows "Stay logged in" (spec point 4; cookie policy)', () => {
  it('without the tick keeps the session for the browser session only: sessionStorage, never localStorage', async () => {
    const b = newBrowser();
    const { session, store } = b.tab();
    await store.setItem(KEY, SESSION);
    expect(session.getItem(KEY)).toBe(SESSION);
    expect(b.local.getItem(KEY)).toBeNull();
    expect(await get(store)).toBe(SESSION);
  });

  it('ticked without accepted cookies is still per browser session', async () => {
    const b = newBrowser();
    b.local.setItem(STAY_LOGGED_IN_KEY, 'true');
    const { session, store } = b.tab();
    await store.setItem(KEY, SESSION);
    expect(isPersistentSession(b.local)).toBe(false);
    expect(session.getItem(KEY)).toBe(SESSION);
    expect(b.local.getItem(KEY)).toBeNull();
  });

  it('ticked with accepted cookies persists in localStorage', async () => {
    const b = newBrowser();
    b.local.setItem(STAY_LOGGED_IN_KEY, 'true');
    b.local.setItem(ACCEPTED_COOKIES_KEY, 'true');
    const { session, store } = b.tab();
    await store.setItem(KEY, SESSION);
    expect(isPersistentSession(b.local)).toBe(true);
    expect(b.local.getItem(KEY)).toBe(SESSION);
    expect(session.getItem(KEY)).toBeNull();
    // A new tab after a browser restart (no other tab, empty sessionStorage) is still signed in.
    b.close();
    expect(await get(newBrowser(b.local).tab().store)).toBe(SESSION);
  });

  it('a reload keeps a browser-session session (same tab, same sessionStorage)', async () => {
    const b = newBrowser();
    const first = b.tab();
    await first.store.setItem(KEY, SESSION);
    const reloaded = b.tab(first.session);
    expect(await get(reloaded.store)).toBe(SESSION);
  });

  it('a second tab of the same browser session gets the session from an open tab', async () => {
    const b = newBrowser();
    const a = b.tab();
    await a.store.setItem(KEY, SESSION);
    const second = b.tab();
    expect(await get(second.store)).toBe(SESSION);
    expect(second.session.getItem(KEY)).toBe(SESSION);
    expect(b.local.getItem(KEY)).toBeNull();
  });

  it('replays writes and removals in the other tabs (a refreshed token, a sign-out)', async () => {
    const b = newBrowser();
    const a = b.tab();
    await a.store.setItem(KEY, SESSION);
    const other = b.tab();
    expect(await get(other.store)).toBe(SESSION);
    const refreshed = JSON.stringify({ access_token: 'a2', refresh_token: 'r2' });
    await a.store.setItem(KEY, refreshed);
    await delivered();
    expect(await get(other.store)).toBe(refreshed);
    await a.store.removeItem(KEY);
    await delivered();
    expect(await get(other.store)).toBeNull();
    expect(other.session.getItem(KEY)).toBeNull();
  });

  it('after the browser was closed (no tab left) a new tab is signed out, and later tabs no longer wait', async () => {
    const b = newBrowser();
    const a = b.tab();
    await a.store.setItem(KEY, SESSION);
    expect(b.local.getItem(BROWSER_SESSION_MARKER_PREFIX + KEY)).toBe('1');
    b.close(); // every tab closed: their channels and sessionStorage are gone
    const reopened = newBrowser(b.local);
    const t0 = Date.now();
    expect(await get(reopened.tab().store)).toBeNull();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(TIMEOUT - 5);
    expect(reopened.local.getItem(BROWSER_SESSION_MARKER_PREFIX + KEY)).toBeNull();
    const before = reopened.posted.length;
    expect(await get(reopened.tab().store)).toBeNull();
    expect(reopened.posted.length).toBe(before);
  });

  it('a tab holding a copy restores a missing marker when it reads it, so new tabs ask again', async () => {
    const b = newBrowser();
    const a = b.tab();
    a.session.setItem(KEY, SESSION); // a copy whose marker is gone (cleared by a tab that asked while this one was frozen)
    expect(await get(a.store)).toBe(SESSION);
    expect(b.local.getItem(BROWSER_SESSION_MARKER_PREFIX + KEY)).toBe('1');
    expect(await get(b.tab().store)).toBe(SESSION);
  });

  it('a visitor who never signed in is answered at once, without asking other tabs', async () => {
    const b = newBrowser();
    const t0 = Date.now();
    expect(await get(b.tab().store)).toBeNull();
    expect(Date.now() - t0).toBeLessThan(TIMEOUT);
    expect(b.posted).toEqual([]);
  });

  it('moves a session found in localStorage without the flags into this browser session', async () => {
    const b = newBrowser();
    b.local.setItem(KEY, SESSION); // kept persistently before the flag was read, or the flag was cleared since
    const { session, store } = b.tab();
    expect(await get(store)).toBe(SESSION);
    expect(session.getItem(KEY)).toBe(SESSION);
    expect(b.local.getItem(KEY)).toBeNull();
  });

  it('ticking after signing in makes the browser-session copy the persistent one', async () => {
    const b = newBrowser();
    const a = b.tab();
    await a.store.setItem(KEY, SESSION);
    b.local.setItem(STAY_LOGGED_IN_KEY, 'true');
    b.local.setItem(ACCEPTED_COOKIES_KEY, 'true');
    expect(await get(a.store)).toBe(SESSION);
    expect(b.local.getItem(KEY)).toBe(SESSION);
    expect(a.session.getItem(KEY)).toBeNull();
  });

  it('works without sessionStorage or a channel (storage disabled): the page keeps its session in memory', async () => {
    const local = new MapStorage();
    const store = createBrowserSessionStorage({ local, session: null, channel: null });
    await store.setItem(KEY, SESSION);
    expect(await get(store)).toBe(SESSION);
    expect(local.getItem(KEY)).toBeNull();
  });
});
