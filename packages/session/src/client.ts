import { AuthClient, type GoTrueClient, type User } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { fetchWithReadRetry } from '@wayfarer/api-client';
import { browserSessionStorage } from './session-storage';

/**
 * The parts of a Supabase client this product uses: Supabase Auth (GoTrue) and the REST API (PostgREST). It has
 * the same `auth` and `from()` as supabase-js's `SupabaseClient`, so a full client (or a test double of one) fits.
 */
export interface WayfarerSupabase {
  auth: GoTrueClient;
  from: PostgrestClient['from'];
}

let client: WayfarerSupabase | null = null;

/** What supabase-js's createClient derives from the project URL: the storage key of the session. */
function storageKeyFor(baseUrl: URL): string {
  return `sb-${baseUrl.hostname.split('.')[0]}-auth-token`;
}

function sessionStorageKey(): string {
  const cfg = readRuntimeConfig();
  return storageKeyFor(new URL(cfg.supabaseUrl.endsWith('/') ? cfg.supabaseUrl : `${cfg.supabaseUrl}/`));
}

/**
 * The user of the session kept in this tab's storage, read without Supabase Auth: offline, an expired
 * access token cannot be refreshed, yet the stored session still says who is signed in. Null when there is none.
 */
export function storedSessionUser(): User | null {
  if (typeof window === 'undefined') return null;
  const key = sessionStorageKey();
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      const raw = window[kind].getItem(key);
      const user = raw ? (JSON.parse(raw) as { user?: User }).user : undefined;
      if (user && typeof user.id === 'string') return user;
    } catch {
      // storage disabled or not JSON
    }
  }
  return null;
}

/**
 * Whether this tab's storage holds a session (localStorage with 'Stay logged in', else sessionStorage): a cheap
 * hint, read before Supabase Auth has initialised, that the visitor is probably signed in. The session may still
 * turn out expired; a session another tab keeps in memory only is not seen.
 */
export function hasStoredSession(): boolean {
  if (typeof window === 'undefined') return false;
  const key = sessionStorageKey();
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      if (window[kind].getItem(key)) return true;
    } catch {
      // storage disabled
    }
  }
  return false;
}

/**
 * The one Supabase client of the page (spec point 1): session kept in browser storage (localStorage only with
 * 'Stay logged in' and accepted cookies, else for the browser session: see session-storage.ts), tokens refreshed
 * automatically, a session in the URL detected after a sign-in redirect. Shared as part of the @wayfarer/session
 * Module Federation singleton, so the shell and every remote see the same session.
 *
 * Built from supabase-js's own parts (@supabase/auth-js and @supabase/postgrest-js, the versions supabase-js
 * pins) the way its createClient wires them (apikey header, the session's access token on REST calls, the same
 * storage key), without the Realtime, Storage and Functions clients it would construct and ship to every
 * visitor but this product never calls.
 */
export function getSupabase(): WayfarerSupabase {
  if (!client) {
    const cfg = readRuntimeConfig();
    const base = new URL(cfg.supabaseUrl.endsWith('/') ? cfg.supabaseUrl : `${cfg.supabaseUrl}/`);
    const key = cfg.supabaseAnonKey;
    const auth = new AuthClient({
      url: new URL('auth/v1', base).href,
      headers: { Authorization: `Bearer ${key}`, apikey: key },
      storageKey: sessionStorageKey(),
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'pkce',
      storage: typeof window !== 'undefined' ? browserSessionStorage() : undefined,
    });
    const fetchWithAuth: typeof fetch = async (input, init) => {
      const { data } = await auth.getSession();
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', key);
      if (!headers.has('Authorization'))
        headers.set('Authorization', `Bearer ${data.session?.access_token ?? key}`);
      // postgrest-js passes the URL as a string; a Request (never sent by it) keeps its own method and body.
      if (typeof input !== 'string' && !(input instanceof URL)) return fetch(input, { ...init, headers });
      return fetchWithReadRetry(input, { ...init, headers });
    };
    // The API client's one rule for failed reads (a GET retried once on a network error or 502-504), not
    // postgrest-js's own retries (up to 3, 1-4 s apart, on 503/520): one retry policy for every API read.
    const rest = new PostgrestClient(new URL('rest/v1', base).href, { fetch: fetchWithAuth, retry: false });
    client = { auth, from: rest.from.bind(rest) };
  }
  return client;
}

/** Tests only: swap the client (a mock in unit tests). */
export function setSupabaseForTests(c: WayfarerSupabase | null): void {
  client = c;
}

/** The current access token, or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}
