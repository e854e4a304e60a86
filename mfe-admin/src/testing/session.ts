import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';

/** Tests only: a session whose getSession answers an access token (an admin's), or no session with `null`. */
export function signInForTests(token: string | null = 'tok'): void {
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: token ? { access_token: token, user: { id: 'u' } } : null },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
}
