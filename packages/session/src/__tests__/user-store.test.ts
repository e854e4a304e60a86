import { jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseForTests } from '../client';
import { clearUser, fetchCurrentUser, initialUserState, sessionStore, userStateAtom } from '../user-store';

type Row = Record<string, unknown> | null;

/** A stand-in for the supabase client: a session (or none) and rows for profiles/admin_users. */
function fakeClient(opts: { session: { id: string; email: string; meta?: Record<string, unknown> } | null; profile?: Row; admin?: Row; fail?: boolean }) {
  const from = (table: string) => ({
    select: () => ({
      eq: () => ({
        maybeSingle: async () => ({ data: table === 'profiles' ? (opts.profile ?? null) : (opts.admin ?? null), error: null }),
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
              ? { access_token: 'tok', user: { id: opts.session.id, email: opts.session.email, user_metadata: opts.session.meta ?? {} } }
              : null,
          },
          error: null,
        };
      },
    },
    from,
  } as unknown as SupabaseClient;
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
    expect(sessionStore.get(userStateAtom)).toMatchObject({ user: null, initialized: true, loading: false, currency: 0 });
    expect(currencyCalls).toBe(0);
  });

  it('reads the profile, falls back to the sign-up name, sets isAdmin from admin_users and fetches the balance', async () => {
    setSupabaseForTests(
      fakeClient({ session: { id: 'u1', email: 'a@b.c', meta: { name: 'Meta Name' } }, profile: { display_name: null, gender: 'female' }, admin: { user_id: 'u1' } }),
    );
    await fetchCurrentUser();
    await settle();
    const s = sessionStore.get(userStateAtom);
    expect(s.user).toMatchObject({ id: 'u1', email: 'a@b.c', display_name: 'Meta Name', gender: 'female', isAdmin: true });
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

  it('reads a genuine balance of 0 once per signed-in user, not on every re-check, and again after sign-out', async () => {
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      if (String(url).endsWith('/users/currency')) currencyCalls++;
      return new Response(JSON.stringify({ currency: 0 }), { status: 200 });
    }) as unknown as typeof fetch;
    setSupabaseForTests(fakeClient({ session: { id: 'u-zero', email: 'zero@example.com' }, profile: { display_name: 'Zero' } }));
    await fetchCurrentUser();
    await settle();
    await fetchCurrentUser();
    await settle();
    expect(currencyCalls).toBe(1);
    clearUser();
    await fetchCurrentUser();
    await settle();
    expect(currencyCalls).toBe(2);
  });

  it('gives the rejected state when the user fetch fails', async () => {
    setSupabaseForTests(fakeClient({ session: null, fail: true }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await fetchCurrentUser();
    expect(sessionStore.get(userStateAtom)).toMatchObject({ error: 'fetchCurrent failed', initialized: true, loading: false });
  });

  it('clear resets the user, the admin flag and the currency', () => {
    sessionStore.set(userStateAtom, {
      ...initialUserState,
      initialized: true,
      currency: 50,
      user: { id: 'u', email: 'e', display_name: 'd', gender: null, birthdate: null, avatar_url: null, isAdmin: true },
    });
    clearUser();
    expect(sessionStore.get(userStateAtom)).toMatchObject({ user: null, currency: 0, initialized: true });
  });
});
