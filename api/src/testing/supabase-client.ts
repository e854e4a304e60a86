import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/** A Storage in memory, as a browser tab's sessionStorage would be for supabase-js. */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/**
 * supabase-js as the browser apps configure it (PKCE, a stored session, no background refresh), against an API at
 * `url` with the anon `key`: one tab's client, its session kept in memory.
 */
export function supabaseTestClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    // Node 20 has no WebSocket of its own.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}
