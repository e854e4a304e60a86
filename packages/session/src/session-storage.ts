import type { SupportedStorage } from '@supabase/auth-js';

/**
 * Where supabase-js keeps the session (spec point 4, 'Stay logged in'; the cookie policy page): in localStorage
 * only when 'Stay logged in' is ticked and cookies were accepted, otherwise for the browser session only.
 *
 * "The browser session" is what a session cookie gives: every tab of the browser shares it, a reload keeps it,
 * closing the browser drops it. sessionStorage alone is per tab, so the tabs keep their copies in step over a
 * BroadcastChannel: a write or removal in one tab is replayed in the others (a token refresh in one tab must reach
 * the rest, or they would refresh with a spent refresh token), and a tab that starts without a copy asks the open
 * tabs for theirs. When the last tab closes, nothing is left to ask.
 */

/** Flags the login page writes to localStorage (spec point 4, 'Stay logged in' and the cookie overlay). */
export const STAY_LOGGED_IN_KEY = 'stayLoggedIn';
export const ACCEPTED_COOKIES_KEY = 'acceptedCookies';

/** The channel the tabs of one browser session share their session copies on. */
export const BROWSER_SESSION_CHANNEL = 'wayfarer-browser-session';

/**
 * localStorage marker `<prefix><key>`: some tab holds a browser-session copy of `key`. A tab that starts without a
 * copy asks the other tabs only then, so a visitor who never signed in does not wait for answers that cannot come.
 */
export const BROWSER_SESSION_MARKER_PREFIX = 'wayfarer.browser-session:';

/** How long a starting tab waits for another tab's copy before it counts as signed out. */
export const PEER_ANSWER_TIMEOUT_MS = 300;

type Message =
  | { type: 'set'; key: string; value: string }
  | { type: 'remove'; key: string }
  | { type: 'get'; key: string; id: string }
  | { type: 'value'; key: string; id: string; value: string };

/** The part of BroadcastChannel the store uses (tests connect two stores with Node's own BroadcastChannel). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BrowserSessionStorageOptions {
  /** Shared by every tab and kept across browser restarts. */
  local: KeyValueStorage | null;
  /** This tab's, dropped with the tab. */
  session: KeyValueStorage | null;
  channel: SessionChannel | null;
  timeoutMs?: number;
}

/** Persistent only when 'Stay logged in' is ticked and cookies were accepted (both flags, as the overlay sets them). */
export function isPersistentSession(local: KeyValueStorage | null = webStorage('local')): boolean {
  return read(local, STAY_LOGGED_IN_KEY) === 'true' && read(local, ACCEPTED_COOKIES_KEY) === 'true';
}

/** The storage handed to supabase-js: see the module comment. */
export function createBrowserSessionStorage(opts: BrowserSessionStorageOptions): SupportedStorage {
  const { local, channel } = opts;
  const timeoutMs = opts.timeoutMs ?? PEER_ANSWER_TIMEOUT_MS;
  // No sessionStorage (disabled storage): an in-memory stand-in still keeps the page signed in until it unloads.
  const memory = new Map<string, string>();
  const session: KeyValueStorage = opts.session ?? {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
  const marker = (key: string) => BROWSER_SESSION_MARKER_PREFIX + key;
  const asked = new Set<string>();
  const pending = new Map<string, (value: string | null) => void>();
  const post = (m: Message) => {
    try {
      channel?.postMessage(m);
    } catch {
      /* channel closed */
    }
  };

  const keepForBrowserSession = (key: string, value: string, announce: boolean) => {
    write(session, key, value);
    write(local, marker(key), '1');
    remove(local, key);
    if (announce) post({ type: 'set', key, value });
  };

  channel?.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as Message | null;
    if (!m || typeof m !== 'object' || typeof m.key !== 'string') return;
    if (m.type === 'set' && typeof m.value === 'string') {
      if (!isPersistentSession(local)) keepForBrowserSession(m.key, m.value, false);
    } else if (m.type === 'remove') {
      remove(session, m.key);
    } else if (m.type === 'get') {
      const value = read(session, m.key);
      if (value !== null) post({ type: 'value', key: m.key, id: m.id, value });
    } else if (m.type === 'value' && typeof m.value === 'string') {
      pending.get(m.id)?.(m.value);
    }
  });

  /** Another tab's copy of `key`, or null when no tab answers in time. */
  const askOtherTabs = (key: string): Promise<string | null> => {
    if (!channel) return Promise.resolve(null);
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return new Promise((resolve) => {
      const done = (value: string | null) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(value);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      pending.set(id, done);
      post({ type: 'get', key, id });
    });
  };

  const inFlight = new Map<string, Promise<string | null>>();
  const getBrowserSessionItem = async (key: string): Promise<string | null> => {
    const own = read(session, key);
    if (own !== null) {
      // Restore the marker when it went missing (cleared by a tab that asked while this one was frozen).
      if (read(local, marker(key)) === null) write(local, marker(key), '1');
      return own;
    }
    // A copy from before the flag was cleared (or from before sessions followed the flag) moves here.
    const stored = read(local, key);
    if (stored !== null) {
      keepForBrowserSession(key, stored, true);
      return stored;
    }
    if (asked.has(key) || read(local, marker(key)) === null) return null;
    asked.add(key);
    const value = await askOtherTabs(key);
    // A write in this tab while it waited is newer than any answer.
    const meanwhile = read(session, key);
    if (meanwhile !== null) return meanwhile;
    if (value === null) {
      // Nobody holds it any more: the browser was closed since. Later tabs need not ask.
      remove(local, marker(key));
      return null;
    }
    write(session, key, value);
    return value;
  };

  return {
    getItem(key) {
      if (isPersistentSession(local)) {
        const stored = read(local, key);
        if (stored !== null) return stored;
        // Ticked after signing in: the browser-session copy becomes the persistent one.
        const own = read(session, key);
        if (own === null) return null;
        write(local, key, own);
        dropBrowserSessionCopies(key);
        return own;
      }
      let p = inFlight.get(key);
      if (!p) {
        p = getBrowserSessionItem(key).finally(() => inFlight.delete(key));
        inFlight.set(key, p);
      }
      return p;
    },
    setItem(key, value) {
      if (isPersistentSession(local)) {
        write(local, key, value);
        dropBrowserSessionCopies(key);
      } else {
        keepForBrowserSession(key, value, true);
      }
    },
    removeItem(key) {
      remove(local, key);
      dropBrowserSessionCopies(key);
    },
  };

  function dropBrowserSessionCopies(key: string) {
    remove(session, key);
    remove(local, marker(key));
    post({ type: 'remove', key });
  }
}

let browserStorage: SupportedStorage | null = null;
let browserChannel: BroadcastChannel | null = null;

/** The page's one session storage (one channel per page), for the one Supabase client. */
export function browserSessionStorage(): SupportedStorage {
  if (!browserStorage) {
    try {
      if (typeof BroadcastChannel !== 'undefined')
        browserChannel = new BroadcastChannel(BROWSER_SESSION_CHANNEL);
    } catch {
      /* no channel: this tab keeps its own copy only */
    }
    browserStorage = createBrowserSessionStorage({
      local: webStorage('local'),
      session: webStorage('session'),
      channel: browserChannel,
    });
  }
  return browserStorage;
}

/** Tests only: close the page's channel so the next browserSessionStorage() starts afresh. */
export function closeBrowserSessionStorageForTests(): void {
  browserChannel?.close();
  browserChannel = null;
  browserStorage = null;
}

function webStorage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

function read(s: KeyValueStorage | null, key: string): string | null {
  try {
    return s?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(s: KeyValueStorage | null, key: string, value: string): void {
  try {
    s?.setItem(key, value);
  } catch {
    /* quota or disabled storage */
  }
}

function remove(s: KeyValueStorage | null, key: string): void {
  try {
    s?.removeItem(key);
  } catch {
    /* disabled storage */
  }
}
