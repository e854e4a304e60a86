import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readRuntimeConfig } from '@wayfarer/contracts';
import { browserSessionStorage } from './session-storage';

let client: SupabaseClient | null = null;

/**
 * The one Supabase client of the page (spec point 1): session kept in browser storage (localStorage only with
 * 'Stay logged in' and accepted cookies, else for the browser session: see session-storage.ts), tokens refreshed
 * automatically, a session in the URL detected after a sign-in redirect. Shared as a Module Federation
 * singleton, so the shell and every remote see the same session.
 */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const cfg = readRuntimeConfig();
    client = createClient(cfg.supabaseUrl, cfg.supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'pkce',
        storage: typeof window !== 'undefined' ? browserSessionStorage() : undefined,
      },
    });
  }
  return client;
}

/** Tests only: swap the client (a mock in unit tests). */
export function setSupabaseForTests(c: SupabaseClient | null): void {
  client = c;
}

/** The current access token, or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token ?? null;
}
