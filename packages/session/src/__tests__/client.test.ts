import { jest } from '@jest/globals';
import { getSupabase, setSupabaseForTests } from '../client';
import { closeBrowserSessionStorageForTests } from '../session-storage';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const user = {
  id: 'u1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'a@b.c',
  app_metadata: {},
  user_metadata: {},
  created_at: new Date().toISOString(),
};
const accessToken = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u1', role: 'authenticated', exp: now + 3600, iat: now })}.sig`;

const realFetch = globalThis.fetch;
beforeAll(() => {
  (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
    supabaseUrl: 'http://localhost:4000',
    supabaseAnonKey: 'anon',
  };
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  globalThis.fetch = jest.fn(
    async () =>
      new Response(
        JSON.stringify({
          access_token: accessToken,
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: now + 3600,
          refresh_token: 'r1',
          user,
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  ) as unknown as typeof fetch;
});
afterEach(async () => {
  await getSupabase().auth.dispose();
  setSupabaseForTests(null);
  closeBrowserSessionStorageForTests();
  globalThis.fetch = realFetch;
});

const storageKey = 'sb-localhost-auth-token';

describe('the one Supabase client keeps the session where "Stay logged in" says', () => {
  it('signed in without the tick: in sessionStorage, not in localStorage', async () => {
    const { error } = await getSupabase().auth.signInWithPassword({ email: 'a@b.c', password: 'secret1' });
    expect(error).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(storageKey) ?? '{}')).toMatchObject({ refresh_token: 'r1' });
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  it('signed in with the tick and accepted cookies: in localStorage', async () => {
    localStorage.setItem('stayLoggedIn', 'true');
    localStorage.setItem('acceptedCookies', 'true');
    const { error } = await getSupabase().auth.signInWithPassword({ email: 'a@b.c', password: 'secret1' });
    expect(error).toBeNull();
    expect(JSON.parse(localStorage.getItem(storageKey) ?? '{}')).toMatchObject({ refresh_token: 'r1' });
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });
});
