import { atom, createStore } from 'jotai';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { request } from '@wayfarer/api-client';
import { getSupabase } from './client';

export type Gender = 'female' | 'male' | 'non-binary' | 'prefer-not';

/** Current user of spec point 3. */
export interface CurrentUser {
  id: string;
  email: string;
  display_name: string | null;
  gender: string | null;
  birthdate: string | null;
  avatar_url: string | null;
  isAdmin: boolean;
}

export interface UserState {
  user: CurrentUser | null;
  currency: number;
  loading: boolean;
  initialized: boolean;
  error: string | null;
}

export const initialUserState: UserState = { user: null, currency: 0, loading: false, initialized: false, error: null };

/** The one jotai store the session lives in; hooks read it explicitly so remotes need no Provider of their own. */
export const sessionStore = createStore();
export const userStateAtom = atom<UserState>(initialUserState);

const set = (patch: Partial<UserState>) => sessionStore.set(userStateAtom, { ...sessionStore.get(userStateAtom), ...patch });

/** Reads the signed-in user with profile and admin flag; null when nobody is signed in. */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  const sb = getSupabase();
  const { data, error } = await sb.auth.getSession();
  if (error) throw error;
  const session = data.session;
  if (!session) return null;
  const u = session.user;
  const meta = (u.user_metadata ?? {}) as Record<string, unknown>;
  const [profile, admin] = await Promise.all([
    sb.from('profiles').select('display_name, gender, birthdate, avatar_url').eq('id', u.id).maybeSingle(),
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
    isAdmin: Boolean(admin.data),
  };
}

let currencyCheckedFor: string | null = null;

/** Fetch the current user once: loading, then initialized; a failure gives the rejected state. */
export async function fetchCurrentUser(): Promise<void> {
  set({ loading: true, error: null });
  try {
    const user = await loadCurrentUser();
    const prev = sessionStore.get(userStateAtom);
    set({ user, loading: false, initialized: true, currency: user ? prev.currency : 0 });
    // Spec: fetched when a signed-in user has balance 0 — once per signed-in user, not on every re-check
    // (a genuine balance of 0 would otherwise be re-read on each auth event).
    if (user && sessionStore.get(userStateAtom).currency === 0 && currencyCheckedFor !== user.id) {
      currencyCheckedFor = user.id;
      void fetchCurrency();
    }
    if (!user) currencyCheckedFor = null;
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
    const res = await request<{ currency?: number }>('/users/currency', { token });
    const currency = Number(res.currency ?? 0) || 0;
    set({ currency });
    return currency;
  } catch (err) {
    console.error(err instanceof Error && err.message ? err.message : 'Failed to fetch currency');
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
  currencyCheckedFor = null;
  set({ user: null, currency: 0, error: null });
}

export const AUTH_CHANNEL = 'auth';
let started = false;
let channel: BroadcastChannel | null = null;

/**
 * Starts the app-start behaviour of spec point 4 once per page: fetch the user, re-fetch on SIGNED_IN,
 * SIGNED_OUT and USER_UPDATED, and relay auth events to other tabs on the 'auth' channel.
 */
export function startUserStore(): void {
  if (started) return;
  started = true;
  const sb = getSupabase();
  void fetchCurrentUser();
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (e: MessageEvent<{ event?: AuthChangeEvent }>) => {
      if (e.data?.event === 'SIGNED_OUT') {
        void sb.auth.signOut({ scope: 'local' }).finally(() => {
          clearUser();
          void fetchCurrentUser();
        });
      } else if (e.data?.event === 'SIGNED_IN' || e.data?.event === 'USER_UPDATED') {
        // Another tab signed in: re-read the shared storage.
        void sb.auth.getSession().then(() => fetchCurrentUser());
      }
    };
  }
  sb.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'USER_UPDATED') {
      if (event === 'SIGNED_OUT') clearUser();
      // Defer: supabase-js holds its auth lock while it runs listeners.
      setTimeout(() => void fetchCurrentUser(), 0);
    }
    if (event !== 'INITIAL_SESSION' && event !== 'TOKEN_REFRESHED') broadcastAuthEvent(event);
  });
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
