import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { PASSWORD_TOO_LONG_MESSAGE } from '@wayfarer/contracts/password';
import { anonKey } from '../auth/jwt';
import { upsertEmailUser } from '../auth/users';
import { supabaseTestClient } from '../testing/supabase-client';
import { startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
let key: string;

function client(url = s.url): SupabaseClient {
  return supabaseTestClient(url, key);
}

async function latestCode(url: string, email: string): Promise<string> {
  const r = await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const list = (await r.json()) as Array<{ code: string | null; to: string; subject: string }>;
  expect(list[0]?.to).toBe(email);
  return list[0]!.code!;
}

let n = 0;
const freshEmail = () => `signup${Date.now()}${++n}@test.local`;

beforeAll(async () => {
  s = await startTestServer();
  key = await anonKey(s.config.jwtSecret);
}, 60000);
afterAll(async () => {
  await s?.close();
});

describe('auth with supabase-js', () => {
  it("mails the sign-up code in the sign-up's language, English for none or an unknown one", async () => {
    const mails = async (email: string) =>
      (await (await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{
        subject: string;
        text: string;
        code: string;
      }>;
    const de = freshEmail();
    await client().auth.signUp({
      email: de,
      password: 'secret-pass-1',
      options: { data: { language: 'de' } },
    });
    const [mail] = await mails(de);
    expect(mail!.subject).toBe('Ihr Wayfarer-Bestätigungscode');
    expect(mail!.text).toMatch(
      new RegExp(
        `^Ihr Wayfarer-Bestätigungscode lautet ${mail!.code}\\. Er ist \\d+ Minuten? lang gültig\\.$`,
      ),
    );
    const ar = freshEmail();
    await client().auth.signUp({
      email: ar,
      password: 'secret-pass-1',
      options: { data: { language: 'ar' } },
    });
    expect((await mails(ar))[0]!.subject).toBe('رمز تأكيد Wayfarer الخاص بك');
    expect((await mails(ar))[0]!.code).toMatch(/^\d{6}$/);
    const xx = freshEmail();
    await client().auth.signUp({
      email: xx,
      password: 'secret-pass-1',
      options: { data: { language: 'xx' } },
    });
    expect((await mails(xx))[0]!.subject).toBe('Your Wayfarer confirmation code');
  });

  it('signs up, mails a code, verifies it into a session', async () => {
    const sb = client();
    const email = freshEmail();
    const { data, error } = await sb.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: {
        data: {
          name: 'Sam Signup',
          firstName: 'Sam',
          lastName: 'Signup',
          gender: 'other',
          birthdate: '1990-02-03',
        },
        emailRedirectTo: 'http://localhost:3000/account',
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.firstName).toBe('Sam');
    const code = await latestCode(s.url, email);
    expect(code).toMatch(/^\d{6}$/);
    const v = await sb.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(v.error).toBeNull();
    expect(v.data.session?.access_token).toBeTruthy();
    expect(v.data.user?.email_confirmed_at).toBeTruthy();
    const { data: u } = await sb.auth.getUser();
    expect(u.user?.id).toBe(v.data.user?.id);
    // The same code does not work twice.
    const again = await client().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(again.error?.message).toMatch(/invalid/i);
  });

  it('refuses a wrong code with "invalid" (not "expired")', async () => {
    const sb = client();
    const email = freshEmail();
    await sb.auth.signUp({ email, password: 'secret-pass-1' });
    const code = await latestCode(s.url, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const { error } = await sb.auth.verifyOtp({ email, token: wrong, type: 'signup' });
    expect(error?.message).toMatch(/invalid/i);
    expect(error?.message).not.toMatch(/expired/i);
  });

  it('resends a new code and refuses an unconfirmed password sign-in', async () => {
    const sb = client();
    const email = freshEmail();
    await sb.auth.signUp({ email, password: 'secret-pass-1' });
    const first = await latestCode(s.url, email);
    const denied = await sb.auth.signInWithPassword({ email, password: 'secret-pass-1' });
    expect(denied.error?.code).toBe('email_not_confirmed');
    expect(denied.error?.message).toBe('Email not confirmed');
    const r = await sb.auth.resend({ email, type: 'signup' });
    expect(r.error).toBeNull();
    const list = (await (
      await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as unknown[];
    expect(list).toHaveLength(2);
    const second = await latestCode(s.url, email);
    if (second !== first) {
      const old = await sb.auth.verifyOtp({ email, token: first, type: 'signup' });
      expect(old.error?.message).toMatch(/invalid/i);
    }
    const ok = await sb.auth.verifyOtp({ email, token: second, type: 'signup' });
    expect(ok.error).toBeNull();
  });

  it('answers a repeated sign-up of a confirmed address with an obfuscated user (identities: [])', async () => {
    const { data, error } = await client().auth.signUp({
      email: 'traveller@wayfarer.local',
      password: 'whatever-1',
    });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
  });

  it('signs in with a password, refuses a wrong one', async () => {
    const sb = client();
    const bad = await sb.auth.signInWithPassword({
      email: 'traveller@wayfarer.local',
      password: 'nope-nope',
    });
    expect(bad.error?.code).toBe('invalid_credentials');
    expect(bad.error?.message).toBe('Invalid login credentials');
    const unknown = await sb.auth.signInWithPassword({ email: 'nobody@test.local', password: 'nope-nope' });
    expect(unknown.error?.message).toBe('Invalid login credentials');
    const ok = await sb.auth.signInWithPassword({
      email: 'traveller@wayfarer.local',
      password: 'wayfarer-traveller',
    });
    expect(ok.error).toBeNull();
    const session = ok.data.session!;
    expect(session.token_type).toBe('bearer');
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: ok.data.user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'traveller@wayfarer.local',
    });
    expect(claims.session_id).toBeTruthy();
    expect(claims.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
  });

  it('rotates refresh tokens and refuses a spent one', async () => {
    const sb = client();
    const { data } = await sb.auth.signInWithPassword({
      email: 'traveller@wayfarer.local',
      password: 'wayfarer-traveller',
    });
    const spent = data.session!.refresh_token;
    const r = await sb.auth.refreshSession();
    expect(r.error).toBeNull();
    expect(r.data.session!.refresh_token).not.toBe(spent);
    // Spent longer ago than the reuse interval (within it, a second tab refreshing at once gets the current token).
    await s.db.query(
      `UPDATE auth.refresh_tokens SET updated_at = now() - interval '1 minute' WHERE token = $1`,
      [spent],
    );
    const reuse = await fetch(`${s.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: spent }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('signOut revokes the refresh token', async () => {
    const sb = client();
    const { data } = await sb.auth.signInWithPassword({
      email: 'traveller@wayfarer.local',
      password: 'wayfarer-traveller',
    });
    const token = data.session!.refresh_token;
    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    const r = await client().auth.refreshSession({ refresh_token: token });
    expect(r.error).not.toBeNull();
    expect(r.data.session).toBeNull();
  });

  it('updates user metadata and password', async () => {
    const sb = client();
    const email = freshEmail();
    await sb.auth.signUp({ email, password: 'secret-pass-1' });
    await sb.auth.verifyOtp({ email, token: await latestCode(s.url, email), type: 'signup' });
    const up = await sb.auth.updateUser({ data: { name: 'New Name' }, password: 'secret-pass-2' });
    expect(up.error).toBeNull();
    expect(up.data.user?.user_metadata.name).toBe('New Name');
    const again = await client().auth.signInWithPassword({ email, password: 'secret-pass-2' });
    expect(again.error).toBeNull();
  });

  it('refuses a password over 72 UTF-8 bytes at sign-up and password change, with the shared message', async () => {
    // 40 characters but 80 bytes: bcrypt would have ignored the last 8 characters.
    const long = 'é'.repeat(40);
    const sb = client();
    const refused = await sb.auth.signUp({ email: freshEmail(), password: long });
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.message).toBe(PASSWORD_TOO_LONG_MESSAGE);
    const email = freshEmail();
    const fits = 'é'.repeat(36);
    expect((await sb.auth.signUp({ email, password: fits })).error).toBeNull();
    await sb.auth.verifyOtp({ email, token: await latestCode(s.url, email), type: 'signup' });
    expect((await client().auth.signInWithPassword({ email, password: fits })).error).toBeNull();
    const change = await sb.auth.updateUser({ password: `${fits}xyz` });
    expect(change.error?.status).toBe(400);
    expect(change.error?.message).toBe(PASSWORD_TOO_LONG_MESSAGE);
    // The refused change left the old password in place.
    expect((await client().auth.signInWithPassword({ email, password: fits })).error).toBeNull();
    await expect(upsertEmailUser(s.db, { email: freshEmail(), password: long })).rejects.toThrow(
      PASSWORD_TOO_LONG_MESSAGE,
    );
  });

  it('runs the Google stand-in through the consent page and a PKCE exchange', async () => {
    const sb = client();
    const { data, error } = await sb.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:3000/auth/callback', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const page = await fetch(data.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/Sign in with Google/);
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_x, c: string) => String.fromCharCode(Number(c))),
      );
    form.set('email', 'gina.google@test.local');
    form.set('name', 'Gina Google');
    const post = await fetch(new URL(action, s.url), { method: 'POST', body: form, redirect: 'manual' });
    expect(post.status).toBe(303);
    const loc = new URL(post.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('http://localhost:3000/auth/callback');
    const code = loc.searchParams.get('code')!;
    const ex = await sb.auth.exchangeCodeForSession(code);
    expect(ex.error).toBeNull();
    expect(ex.data.user?.email).toBe('gina.google@test.local');
    expect(ex.data.user?.app_metadata.provider).toBe('google');
    expect(ex.data.user?.user_metadata.full_name).toBe('Gina Google');
    // A code is single use.
    const twice = await fetch(`${s.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(twice.status).toBe(404);
  });

  it('rejects a PKCE exchange with the wrong verifier', async () => {
    const form = new URLSearchParams({
      email: 'gina.google@test.local',
      name: 'Gina Google',
      code_challenge: 'abc',
      redirect_to: 'http://localhost:3000/',
    });
    const post = await fetch(`${s.url}/auth/v1/authorize/consent`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(post.headers.get('location')!).searchParams.get('code')!;
    const r = await fetch(`${s.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth_code: code,
        code_verifier: 'not-the-verifier-not-the-verifier-not-the-verifier',
      }),
    });
    expect(r.status).toBe(403);
  });
});

describe('expired codes', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ config: { otpTtlSeconds: 1 } });
  }, 60000);
  afterAll(async () => {
    await short?.close();
  });

  it('refuses an expired code with "expired"', async () => {
    const sb = client(short.url);
    const email = freshEmail();
    await sb.auth.signUp({ email, password: 'secret-pass-1' });
    const code = await latestCode(short.url, email);
    await new Promise((r) => setTimeout(r, 2100));
    const { error } = await sb.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(error?.message).toMatch(/expired/i);
  });

  it('limits sign-up attempts per e-mail with 429', async () => {
    const limited = await startTestServer({
      config: { rateLimit: { windowSeconds: 600, perIp: 1000, perEmail: 2 } },
    });
    try {
      // Sign-ups (each mails a code): password sign-ins are slowed by their failures instead (auth-signin.test.ts).
      const sb = client(limited.url);
      const email = freshEmail();
      await sb.auth.signUp({ email, password: 'x-x-x-x' });
      await sb.auth.signUp({ email, password: 'x-x-x-x' });
      const third = await sb.auth.signUp({ email, password: 'x-x-x-x' });
      expect(third.error?.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('rate-limit counters', () => {
  it('deletes the counters of ended windows, keeping the current one', async () => {
    const short = await startTestServer({
      config: { rateLimit: { windowSeconds: 1, perIp: 1000, perEmail: 1000 } },
    });
    try {
      const counters = async () =>
        (
          await short.db.query<{ bucket: string; old: boolean }>(
            `SELECT bucket, window_start < now() - interval '1 hour' AS old FROM wf_auth.rate_limits ORDER BY bucket`,
          )
        ).rows;
      const old = (bucket: string) =>
        short.db.query(
          `INSERT INTO wf_auth.rate_limits (bucket, window_start, hits) VALUES ($1, now() - interval '2 days', 7)`,
          [bucket],
        );
      await old('ip:password:203.0.113.9');
      await old('email:password:left@test.local');
      const email = freshEmail();
      const signIn = () => client(short.url).auth.signUp({ email, password: 'x-x-x-x' });
      await signIn();
      let rows = await counters();
      expect(rows.filter((r) => r.old)).toEqual([]);
      expect(rows.map((r) => r.bucket)).toContain(`email:signup:${email}`);
      // Later windows sweep again (at most once per window per process).
      await old('ip:signup:198.51.100.4');
      await new Promise((r) => setTimeout(r, 1100));
      await signIn();
      rows = await counters();
      expect(rows.filter((r) => r.old)).toEqual([]);
      expect(rows.map((r) => r.bucket)).toContain(`email:signup:${email}`);
    } finally {
      await short.close();
    }
  });
});
