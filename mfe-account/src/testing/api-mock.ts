import { jest } from '@jest/globals';
import type { WayfarerSupabase } from '@wayfarer/session';
import {
  initialUserState,
  sessionStore,
  setSupabaseForTests,
  userStateAtom,
  type CurrentUser,
} from '@wayfarer/session';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: Record<string, unknown>;
  auth: string | null;
}
type Handler = (c: Call) => { status?: number; body: unknown } | undefined;

export const TEST_USER: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.test',
  display_name: 'Ada',
  gender: 'female',
  birthdate: '1990-05-17',
  avatar_url: null,
  isAdmin: false,
};

/**
 * Routes the page's fetch calls to `handler` (unknown routes answer 404) and records them. The API base in
 * jsdom is http://localhost:4000, so only the path matters.
 */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const c: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body:
        typeof init?.body === 'string' && init.body ? (JSON.parse(init.body) as Record<string, unknown>) : {},
      auth: headers.get('authorization'),
    };
    calls.push(c);
    const r = handler(c) ?? { status: 404, body: { error: `no mock for ${c.method} ${c.path}` } };
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  }) as unknown as typeof fetch;
  return calls;
}

/** A signed-in session: a supabase client whose getSession answers a token, and the shared user state. */
export function signedIn(
  extra: { auth?: Record<string, unknown>; [k: string]: unknown } = {},
  user: CurrentUser = TEST_USER,
  currency = 0,
) {
  const { auth, ...rest } = extra;
  const client = {
    auth: {
      getSession: jest.fn(async () => ({
        data: { session: { access_token: 'tok', user: { id: user.id, email: user.email } } },
        error: null,
      })),
      onAuthStateChange: jest.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
      ...auth,
    },
    ...rest,
  };
  setSupabaseForTests(client as unknown as WayfarerSupabase);
  sessionStore.set(userStateAtom, { ...initialUserState, user, currency, initialized: true });
  return client;
}

export function resetSession() {
  setSupabaseForTests(null);
  sessionStore.set(userStateAtom, initialUserState);
}

export const balance = () => sessionStore.get(userStateAtom).currency;
