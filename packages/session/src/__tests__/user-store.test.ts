import { jest } from '@jest/globals';
import type { WayfarerSupabase } from '../client';
import { setSupabaseForTests } from '../client';
import type { AuthChangeEvent } from '@supabase/auth-js';
import { READ_RETRY_DELAY_MS } from '@wayfarer/api-client';
import {
  AUTH_CHANNEL,
  clearUser,
  fetchCurrentUser,
  initialUserState,
  sessionStore,
  startUserStore,
  stopUserStoreForTests,
  userStateAtom,
} from '../user-store';

type Row = Record<string, unknown> | null;

/** A stand-in for the supabase client: a session (or none) and rows for profiles/admin_users. */
type FakeOpts = {
  session: { id: string; email: string; meta?: Record<string, unknown> } | null;
  profile?: Row;
  admin?: Row;
  fail?: boolean;
};
function fakeClient(opts: FakeOpts) {
  const from = (table: string) => ({
    select: () => ({
      eq: () => ({
        maybeSingle: async () => ({
          data: table === 'profiles' ? (opts.profile ?? null) : (opts.admin ?? null),
          error: null,
        }),
      }),
    }),
  });
  return {
    auth: {
      getSession: async () => {
        if (opts.fail) throw new Error('network down');
        return {
          data: {
            session: opts.session
              ? {
                  access_token: 'tok',
                  user: {
                    id: opts.session.id,
                    email: opts.session.email,
                    user_metadata: opts.session.meta ?? {},
                  },
                }
              : null,
          },
          error: null,
        };
      },
    },
    from,
  } as unknown as WayfarerSupabase;
}

const realFetch = globalThis.fetch;
let currencyCalls = 0;
beforeEach(() => {
  currencyCalls = 0;
  clearUser();
  sessionStore.set(userStateAtom, initialUserState);
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    if (String(url).endsWith('/users/currency')) currencyCalls++;
    return new Response(JSON.stringify({ currency: 420 }), { status: 200 });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSupabaseForTests(null);
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('user store (spec point 4, App start)', () => {
  it('with nobody signed in: initialized, no user, balance 0, no currency call', async () => {
    setSupabaseForTests(fakeClient({ session: null }));
    await fetchCurrentUser();
    await settle();
    expect(sessionStore.get(userStateAtom)).toMatchObject({
      user: null,
      initialized: true,
      loading: false,
      currency: 0,
    });
    expect(currencyCalls).toBe(0);
  });

  it('reads the profile, falls back to the sign-up name, sets isAdmin from admin_users and fetches the balance', async () => {
    setSupabaseForTests(
      fakeClient({
        session: { id: 'u1', email: 'a@b.c', meta: { name: 'Meta Name' } },
        profile: { display_name: null, gender: 'female' },
        admin: { user_id: 'u1' },
      }),
    );
    await fetchCurrentUser();
    await settle();
    const s = sessionStore.get(userStateAtom);
    expect(s.user).toMatchObject({
      id: 'u1',
      email: 'a@b.c',
      display_name: 'Meta Name',
      gender: 'female',
      isAdmin: true,
    });
    expect(s.currency).toBe(420);
    expect(currencyCalls).toBe(1);
  });

  it('does not re-fetch the balance when it is already non-zero', async () => {
    setSupabaseForTests(fakeClient({ session: { id: 'u1', email: 'a@b.c' } }));
    sessionStore.set(userStateAtom, { ...initialUserState, currency: 99 });
    await fetchCurrentUser();
    await settle();
    expect(currencyCalls).toBe(0);
    expect(sessionStore.get(userStateAtom).currency).toBe(99);
  });

  it('reads a balance of 0 again at every user fetch (the spec triggers), not only once per user', async () => {
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url).endsWith('/users/currency')) currencyCalls++;
      return new Response(JSON.stringify({ currency: 0 }), { status: 200 });
    }) as unknown as typeof fetch;
    setSupabaseForTests(
      fakeClient({ session: { id: 'u-zero', email: 'zero@example.com' }, profile: { display_name: 'Zero' } }),
    );
    await fetchCurrentUser();
    await settle();
    await fetchCurrentUser();
    await settle();
    expect(currencyCalls).toBe(2);
  });

  it('a failed first balance fetch shows 0, and the next user fetch (e.g. SIGNED_IN) fetches the balance again', async () => {
    let fail = true;
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url).endsWith('/users/currency')) currencyCalls++;
      return fail
        ? new Response(JSON.stringify({ error: 'database unavailable' }), { status: 503 })
        : new Response(JSON.stringify({ currency: 420 }), { status: 200 });
    }) as unknown as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setSupabaseForTests(fakeClient({ session: { id: 'u1', email: 'a@b.c' } }));
    await fetchCurrentUser();
    // A 503 is a failed read the API client sends once more (READ_RETRY_DELAY_MS later); both fail here.
    await new Promise((r) => setTimeout(r, READ_RETRY_DELAY_MS + 50));
    expect(currencyCalls).toBe(2);
    expect(sessionStore.get(userStateAtom).currency).toBe(0);
    fail = false;
    await fetchCurrentUser();
    await settle();
    expect(currencyCalls).toBe(3);
    expect(sessionStore.get(userStateAtom).currency).toBe(420);
  });

  it('user fetches in quick succession start one balance call, not one each', async () => {
    setSupabaseForTests(fakeClient({ session: { id: 'u1', email: 'a@b.c' } }));
    await Promise.all([fetchCurrentUser(), fetchCurrentUser(), fetchCurrentUser()]);
    await settle();
    expect(currencyCalls).toBe(1);
    expect(sessionStore.get(userStateAtom).currency).toBe(420);
  });

  it('gives the rejected state when the user fetch fails', async () => {
    setSupabaseForTests(fakeClient({ session: null, fail: true }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await fetchCurrentUser();
    expect(sessionStore.get(userStateAtom)).toMatchObject({
      error: 'fetchCurrent failed',
      initialized: true,
      loading: false,
    });
  });

  it('offline, a session whose refresh cannot reach the server still signs the stored user in', async () => {
    const refreshFailed = {
      auth: {
        getSession: async () => ({
          data: { session: null },
          error: Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError' }),
        }),
      },
      from: fakeClient({ session: null }).from,
    } as unknown as WayfarerSupabase;
    setSupabaseForTests(refreshFailed);
    sessionStorage.setItem(
      'sb-localhost-auth-token',
      JSON.stringify({ access_token: 'old', user: { id: 'u9', email: 'away@b.c', user_metadata: {} } }),
    );
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await fetchCurrentUser();
      expect(sessionStore.get(userStateAtom)).toMatchObject({
        user: { id: 'u9', email: 'away@b.c' },
        initialized: true,
      });
      // Online, the same failure is the rejected state (nobody is signed in on a guess).
      onLine.mockReturnValue(true);
      clearUser();
      await fetchCurrentUser();
      expect(sessionStore.get(userStateAtom)).toMatchObject({ user: null, error: 'fetchCurrent failed' });
    } finally {
      onLine.mockRestore();
      sessionStorage.clear();
    }
  });

  it('clear resets the user, the admin flag and the currency', () => {
    sessionStore.set(userStateAtom, {
      ...initialUserState,
      initialized: true,
      currency: 50,
      user: {
        id: 'u',
        email: 'e',
        display_name: 'd',
        gender: null,
        birthdate: null,
        avatar_url: null,
        isAdmin: true,
      },
    });
    clearUser();
    expect(sessionStore.get(userStateAtom)).toMatchObject({ user: null, currency: 0, initialized: true });
  });
});

describe("auth events and the 'auth' channel (spec point 4)", () => {
  /** A fake client whose onAuthStateChange listener the test can fire, and whose session the test can change. */
  function eventClient(opts: FakeOpts) {
    const base = fakeClient(opts) as unknown as { auth: Record<string, unknown>; from: unknown };
    let listener: ((event: AuthChangeEvent, session?: { user: { id: string } } | null) => void) | null = null;
    const signOut = jest.fn(async () => {
      opts.session = null;
      listener?.('SIGNED_OUT');
      return { error: null };
    });
    base.auth.onAuthStateChange = (
      cb: (event: AuthChangeEvent, session?: { user: { id: string } } | null) => void,
    ) => {
      listener = cb;
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    };
    base.auth.signOut = signOut;
    return {
      client: base as unknown as WayfarerSupabase,
      fire: (e: AuthChangeEvent, session?: { user: { id: string } } | null) => listener?.(e, session),
      signOut,
    };
  }

  let otherTab: BroadcastChannel;
  let received: string[];
  beforeEach(() => {
    received = [];
    otherTab = new BroadcastChannel(AUTH_CHANNEL);
    otherTab.onmessage = (e: MessageEvent<{ event: string }>) => void received.push(e.data.event);
  });
  afterEach(() => {
    stopUserStoreForTests();
    otherTab.close();
  });
  const delivered = () => new Promise((r) => setTimeout(r, 30));

  it('relays every auth event to the other tabs, INITIAL_SESSION and TOKEN_REFRESHED included', async () => {
    const { client, fire } = eventClient({ session: { id: 'u1', email: 'a@b.c' } });
    setSupabaseForTests(client);
    startUserStore();
    for (const e of [
      'INITIAL_SESSION',
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'SIGNED_OUT',
    ] as const)
      fire(e);
    // Delivery between channels takes a turn of the event loop or more (a busy machine: more than 30 ms).
    for (let waited = 0; received.length < 5 && waited < 2000; waited += 30) await delivered();
    expect(received).toEqual([
      'INITIAL_SESSION',
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'SIGNED_OUT',
    ]);
  });

  it.each(['INITIAL_SESSION', 'TOKEN_REFRESHED', 'SIGNED_IN'] as const)(
    'a relayed %s re-checks the session: a user signed in elsewhere appears in this tab',
    async (event) => {
      const opts: FakeOpts = { session: null };
      setSupabaseForTests(eventClient(opts).client);
      startUserStore();
      await settle();
      expect(sessionStore.get(userStateAtom).user).toBeNull();
      opts.session = { id: 'u2', email: 'other@b.c' };
      otherTab.postMessage({ event });
      await delivered();
      expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u2', email: 'other@b.c' });
    },
  );

  it('the SIGNED_IN supabase-js sends at start for the session it recovers does not read the user a second time', async () => {
    const { client, fire } = eventClient({ session: { id: 'u1', email: 'a@b.c' } });
    const from = jest.spyOn(client, 'from');
    setSupabaseForTests(client);
    startUserStore();
    // Announced while the start's user fetch is still reading that session.
    fire('SIGNED_IN', { user: { id: 'u1' } });
    await delivered();
    expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u1' });
    expect(from.mock.calls.filter(([table]) => table === 'profiles')).toHaveLength(1);
  });

  it('a SIGNED_IN for another user than the one shown fetches that user', async () => {
    const opts: FakeOpts = { session: { id: 'u1', email: 'a@b.c' } };
    const { client, fire } = eventClient(opts);
    setSupabaseForTests(client);
    startUserStore();
    await delivered();
    expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u1' });
    opts.session = { id: 'u2', email: 'other@b.c' };
    fire('SIGNED_IN', { user: { id: 'u2' } });
    await delivered();
    expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u2', email: 'other@b.c' });
  });

  it('a relayed TOKEN_REFRESHED for the user already shown costs no requests', async () => {
    const { client } = eventClient({ session: { id: 'u1', email: 'a@b.c' } });
    const getSession = jest.spyOn(client.auth, 'getSession');
    setSupabaseForTests(client);
    startUserStore();
    await delivered();
    const fetches = (globalThis.fetch as jest.Mock).mock.calls.length;
    const reads = getSession.mock.calls.length;
    otherTab.postMessage({ event: 'TOKEN_REFRESHED' });
    await delivered();
    expect(getSession.mock.calls.length).toBe(reads + 1); // the re-check itself
    expect((globalThis.fetch as jest.Mock).mock.calls.length).toBe(fetches);
    expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u1' });
  });

  it('a relayed SIGNED_OUT signs this tab out once; an already signed-out tab does not sign out (and relay) again', async () => {
    const opts: FakeOpts = { session: { id: 'u1', email: 'a@b.c' } };
    const { client, signOut } = eventClient(opts);
    setSupabaseForTests(client);
    startUserStore();
    await delivered();
    expect(sessionStore.get(userStateAtom).user).toMatchObject({ id: 'u1' });
    otherTab.postMessage({ event: 'SIGNED_OUT' });
    await delivered();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(sessionStore.get(userStateAtom)).toMatchObject({ user: null, currency: 0 });
    received = [];
    otherTab.postMessage({ event: 'SIGNED_OUT' });
    await delivered();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(received).toEqual([]);
  });
});
