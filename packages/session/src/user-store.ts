import { atom, createStore } from 'jotai';
import type { AuthChangeEvent } from '@supabase/auth-js';
import { errorText, getCurrency } from '@wayfarer/api-client';
import { getSupabase, storedSessionUser } from './client';
import { queryClient } from './query-client';

export type Gender = 'female' | 'male' | 'non-binary' | 'prefer-not';

/** Current user of spec point 3. */
export interface CurrentUser {
  id: string;
  email: string;
  display_name: string | null;
  gender: string | null;
  birthdate: string | null;
  avatar_url: string | null;
  /** The profile's language; null when never chosen. */
  language?: string | null;
  isAdmin: boolean;
}

export interface UserState {
  user: CurrentUser | null;
  currency: number;
  loading: boolean;
  initialized: boolean;
  error: string | null;
}

export const initialUserState: UserState = {
  user: null,
  currency: 0,
  loading: false,
  initialized: false,
  error: null,
};

/** The one jotai store the session lives in; hooks read it explicitly so remotes need no Provider of their own. */
export const sessionStore = createStore();
export const userStateAtom = atom<UserState>(initialUserState);

const set = (patch: Partial<UserState>) =>
  sessionStore.set(userStateAtom, { ...sessionStore.get(userStateAtom), ...patch });

/** Reads the signed-in user with profile and admin flag; null when nobody is signed in. */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  const sb = getSupabase();
  const { data, error } = await sb.auth.getSession();
  // Offline with an expired access token: the refresh cannot reach the server, but the stored session
  // still names the user, so the sign-in guard does not send a traveller with downloaded guides to /login.
  const offlineUser =
    error && typeof navigator !== 'undefined' && !navigator.onLine ? storedSessionUser() : null;
  if (error && !offlineUser) throw error;
  const u = offlineUser ?? data.session?.user;
  if (!u) return null;
  const meta = (u.user_metadata ?? {}) as Record<string, unknown>;
  const [profile, admin] = await Promise.all([
    sb
      .from('profiles')
      .select('display_name, gender, birthdate, avatar_url, language')
      .eq('id', u.id)
      .maybeSingle(),
    sb.from('admin_users').select('user_id').eq('user_id', u.id).maybeSingle(),
  ]);
  const p = (profile.data ?? {}) as Partial<CurrentUser>;
  return {
    id: u.id,
    email: u.email ?? '',
    display_name: p.display_name || (typeof meta.name === 'string' ? meta.name : null) || null,
    gender: p.gender ?? null,
    birthdate: p.birthdate ?? null,
    avatar_url: p.avatar_url || (typeof meta.avatar_url === 'string' ? meta.avatar_url : null) || null,
    language: p.language ?? null,
    isAdmin: Boolean(admin.data),
  };
}

let currencyInFlight: Promise<number> | null = null;

/** The user fetch under way, if any. */
let userFetch: Promise<void> | null = null;

/** Fetch the current user once: loading, then initialized; a failure gives the rejected state. */
export function fetchCurrentUser(): Promise<void> {
  const run = readCurrentUser();
  userFetch = run;
  void run.finally(() => {
    if (userFetch === run) userFetch = null;
  });
  return run;
}

async function readCurrentUser(): Promise<void> {
  set({ loading: true, error: null });
  try {
    const user = await loadCurrentUser();
    const prev = sessionStore.get(userStateAtom);
    set({ user, loading: false, initialized: true, currency: user ? prev.currency : 0 });
    // Spec point 4: the balance is fetched whenever a signed-in user has balance 0 — at each user fetch (start,
    // SIGNED_IN, SIGNED_OUT, USER_UPDATED), so a failed first fetch is retried at the next one. Those triggers are
    // the only ones, and a fetch still running is not started twice.
    if (user && sessionStore.get(userStateAtom).currency === 0 && !currencyInFlight) {
      currencyInFlight = fetchCurrency().finally(() => {
        currencyInFlight = null;
      });
    }
  } catch (err) {
    console.error('fetchCurrent failed', err);
    set({ loading: false, initialized: true, error: 'fetchCurrent failed' });
  }
}

/** Currency balance from the API; failures are logged and leave 0. */
export async function fetchCurrency(): Promise<number> {
  const { data } = await getSupabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) {
    console.warn('Authentication required');
    set({ currency: 0 });
    return 0;
  }
  try {
    const res = await getCurrency(token);
    const currency = Number(res.currency ?? 0) || 0;
    set({ currency });
    return currency;
  } catch (err) {
    console.error(errorText(err, 'Failed to fetch currency'));
    set({ currency: 0 });
    return 0;
  }
}

/** Sets the balance after a purchase or top-up so the navbar updates at once. */
export function setCurrency(currency: number): void {
  set({ currency });
}

/** The clear action: resets the user, the admin flag and the currency. */
export function clearUser(): void {
  set({ user: null, currency: 0, error: null });
}

export const AUTH_CHANNEL = 'auth';
let started = false;
let channel: BroadcastChannel | null = null;
let unsubscribe: (() => void) | null = null;

/**
 * Starts the app-start behaviour of spec point 4 once per page: fetch the user, re-fetch on SIGNED_IN,
 * SIGNED_OUT and USER_UPDATED, and relay every auth event to the other tabs on the 'auth' channel.
 */
export function startUserStore(): void {
  if (started) return;
  started = true;
  const sb = getSupabase();
  void fetchCurrentUser();
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (e: MessageEvent<{ event?: AuthChangeEvent }>) => {
      const event = e.data?.event;
      if (event) void onOtherTabAuthEvent(event);
    };
  }
  const { data } = sb.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED') {
      if (event === 'SIGNED_OUT') {
        clearUser();
        // Server data read with the old session (purchases, subscription, admin lists) is not the next user's.
        queryClient.clear();
      }
      // Defer: supabase-js holds its auth lock while it runs listeners.
      const signedIn = event === 'SIGNED_IN' ? (session?.user?.id ?? null) : null;
      setTimeout(() => void refetchUser(signedIn), 0);
    }
    broadcastAuthEvent(event);
  });
  unsubscribe = () => data.subscription.unsubscribe();
}

/**
 * The re-fetch after an auth event. supabase-js announces the session it recovers from storage at start as
 * SIGNED_IN, while the start's own user fetch is reading that very session: a SIGNED_IN for the user that fetch
 * (or an earlier one) shows changes nothing, and re-reading it cost every signed-in page load a second round of
 * profile and admin requests (and a second presence beat, the user object being new). Any other user, or none
 * shown, is fetched.
 */
async function refetchUser(signedInUserId: string | null): Promise<void> {
  if (signedInUserId) {
    await userFetch;
    if (sessionStore.get(userStateAtom).user?.id === signedInUserId) return;
  }
  await fetchCurrentUser();
}

/** Tests only: undo startUserStore (close the channel, drop the listener) so a test can start it again. */
export function stopUserStoreForTests(): void {
  unsubscribe?.();
  unsubscribe = null;
  channel?.close();
  channel = null;
  started = false;
}

/**
 * An auth event relayed by another tab (spec point 4, login flow 5): SIGNED_OUT signs this tab out;
 * SIGNED_IN, USER_UPDATED, TOKEN_REFRESHED and INITIAL_SESSION re-check the session. A re-check re-reads the user
 * only when the session's user is not the one shown (or USER_UPDATED changed it), so a token refresh or a tab
 * opening elsewhere costs a storage read, not a round of requests in every tab. A tab that is already signed out
 * does not sign out again: that would relay SIGNED_OUT back and the tabs would answer each other for ever.
 */
export async function onOtherTabAuthEvent(event: AuthChangeEvent): Promise<void> {
  const sb = getSupabase();
  try {
    const { data } = await sb.auth.getSession();
    const shown = sessionStore.get(userStateAtom).user;
    if (event === 'SIGNED_OUT') {
      if (data.session) await sb.auth.signOut({ scope: 'local' });
      else if (shown) {
        clearUser();
        await fetchCurrentUser();
      }
    } else if (
      event === 'SIGNED_IN' ||
      event === 'USER_UPDATED' ||
      event === 'TOKEN_REFRESHED' ||
      event === 'INITIAL_SESSION'
    ) {
      if (event === 'USER_UPDATED' || (data.session?.user.id ?? null) !== (shown?.id ?? null))
        await fetchCurrentUser();
    }
  } catch (err) {
    console.error('auth event from another tab', event, err);
  }
}

export function broadcastAuthEvent(event: AuthChangeEvent): void {
  try {
    channel?.postMessage({ event });
  } catch {
    /* channel closed */
  }
}

/** Log out (navbar): clear the stored redirect, sign out; the caller navigates to '/'. */
export async function signOut(): Promise<void> {
  try {
    sessionStorage.removeItem('postLoginRedirect');
    localStorage.removeItem('postLoginRedirect');
  } catch {
    /* storage unavailable */
  }
  await getSupabase().auth.signOut();
  clearUser();
}
