import { useQuery } from '@wayfarer/query';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';

/** What GET /auth/v1/settings (GoTrue's) says the sign-in form may offer. */
export interface AuthSettings {
  google: boolean;
}

export const authSettingsKey = ['auth', 'settings'] as const;

/**
 * Reads GoTrue's /auth/v1/settings (supabase-js has no call for it): which external providers the server has. A
 * server without a Google client (production before one is configured) says `google: false`.
 */
export async function loadAuthSettings(): Promise<AuthSettings> {
  const cfg = readRuntimeConfig();
  const base = cfg.supabaseUrl.replace(/\/+$/, '');
  // Plain fetch: the sign-in page loads no API client code for this one read (the query retries a failed read).
  const res = await fetch(`${base}/auth/v1/settings`, {
    headers: { apikey: cfg.supabaseAnonKey, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`auth settings: ${res.status}`);
  const body = (await res.json()) as { external?: { google?: unknown } } | null;
  return { google: body?.external?.google === true };
}

/**
 * The server's providers, read once per page load. The Google button waits for them: it is shown only when the
 * server says Google sign-in is there, so a visitor never starts a sign-in that can only fail.
 */
export const useAuthSettings = () =>
  useQuery({ queryKey: authSettingsKey, queryFn: loadAuthSettings, staleTime: Infinity });
