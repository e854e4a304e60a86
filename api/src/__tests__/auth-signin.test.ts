import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@wayfarer/contracts/password';
import { anonKey } from '../auth/jwt';
import type { Config } from '../config/env';
import { supabaseTestClient } from '../testing/supabase-client';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Sessions and sign-in: what a repeated sign-up answers and changes, password and e-mail changes (proof of the
 * current password or a recent sign-in, the other sessions ended, the new address confirmed by code), refresh-token
 * reuse and session lifetimes, tries per code, the back-off after failed sign-ins, common passwords, and that admin
 * status never follows an e-mail address.
 */
let s: TestServer;
let key: string;

function client(url = s.url): SupabaseClient {
  return supabaseTestClient(url, key);
}

interface Mail {
  code: string | null;
  to: string;
  subject: string;
  text: string;
}
async function mails(email: string, url = s.url): Promise<Mail[]> {
  return (await (await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}
async function latestCode(email: string, url = s.url): Promise<string> {
  const list = await mails(email, url);
  expect(list[0]?.to).toBe(email);
  return list[0]!.code!;
}

let n = 0;
const freshEmail = () => `signin${Date.now()}${++n}@test.local`;
const PASSWORD = 'secret-pass-1';

/** A confirmed user signed in (its client holds the session). */
async function confirmedUser(url = s.url, email = freshEmail(), password = PASSWORD) {
  const sb = client(url);
  expect((await sb.auth.signUp({ email, password })).error).toBeNull();
  const v = await sb.auth.verifyOtp({ email, token: await latestCode(email, url), type: 'signup' });
  expect(v.error).toBeNull();
  return { sb, email, password, id: v.data.user!.id, session: v.data.session! };
}

async function signIn(email: string, password = PASSWORD, url = s.url) {
  const sb = client(url);
  const r = await sb.auth.signInWithPassword({ email, password });
  return { sb, ...r };
}

const api = (path: string, init: RequestInit & { token?: string; url?: string } = {}) =>
  fetch(`${init.url ?? s.url}${path}`, {
    ...init,
    headers: {
      apikey: key,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });

const passwordGrant = (email: string, password: string, url = s.url) =>
  api('/auth/v1/token?grant_type=password', {
    url,
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
const refreshGrant = (refresh_token: string) =>
  api('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token }) });

/** Makes the session's sign-in look `minutes` old. */
const ageSignIn = (sessionAccessToken: string, minutes: number) => {
  const claims = JSON.parse(Buffer.from(sessionAccessToken.split('.')[1]!, 'base64url').toString()) as {
    session_id: string;
  };
  return s.db.query(`UPDATE auth.sessions SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
    claims.session_id,
    minutes,
  ]);
};

const withConfig = (patch: Partial<Config>) => startTestServer({ config: patch });
const backoff = (patch: Partial<Config['signinBackoff']>): Partial<Config> => ({
  signinBackoff: {
    afterFailures: 5,
    afterFailuresPerIp: 1000,
    baseSeconds: 1,
    maxSeconds: 300,
    forgetSeconds: 86400,
    ...patch,
  },
});

beforeAll(async () => {
  s = await startTestServer();
  key = await anonKey(s.config.jwtSecret);
}, 60000);
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('a repeated sign-up', () => {
  it("answers a confirmed address with a new sign-up's shape made of the request alone, mailing nothing", async () => {
    const fresh = await client().auth.signUp({
      email: freshEmail(),
      password: PASSWORD,
      options: { data: { name: 'New' } },
    });
    const owner = await confirmedUser();
    await s.db.query(
      `UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || '{"gender":"female","birthdate":"1980-01-02","name":"Real Owner"}',
         raw_app_meta_data = '{"provider":"email","providers":["email","google"]}' WHERE id = $1`,
      [owner.id],
    );
    const before = (await mails(owner.email)).length;
    const res = await api('/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: owner.email, password: 'another-pass-9', data: { name: 'Prober' } }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const text = JSON.stringify(body);
    for (const secret of [owner.id, 'Real Owner', 'female', '1980-01-02', 'google'])
      expect(text).not.toContain(secret);
    expect(body).toMatchObject({
      email: owner.email,
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: null,
      confirmed_at: null,
      last_sign_in_at: null,
      identities: [],
      user_metadata: { name: 'Prober' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.now() - Date.parse(body.created_at as string)).toBeLessThan(60_000);
    // The same fields as a new sign-up's answer.
    expect(Object.keys(body).sort()).toEqual(Object.keys(fresh.data.user!).sort());
    expect((await mails(owner.email)).length).toBe(before);
  });

  it('does the same bcrypt work for a new, an unconfirmed and a confirmed address', async () => {
    const hash = jest.spyOn(bcrypt, 'hash');
    const owner = await confirmedUser();
    const pending = freshEmail();
    await client().auth.signUp({ email: pending, password: PASSWORD });
    const counted = async (email: string) => {
      hash.mockClear();
      await client().auth.signUp({ email, password: 'another-pass-9' });
      return hash.mock.calls.length;
    };
    const cost = await counted(freshEmail());
    expect(cost).toBeGreaterThanOrEqual(1);
    expect(await counted(owner.email)).toBe(cost);
    expect(await counted(pending)).toBe(cost);
  });

  it("of an unconfirmed address only mails a new code: the first sign-up's password and metadata stay", async () => {
    const email = freshEmail();
    const first = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'First Owner' } },
    });
    const realId = first.data.user!.id;
    const again = await client().auth.signUp({
      email,
      password: 'hijacker-pass-7',
      options: { data: { name: 'Hijacker' } },
    });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).not.toBe(realId);
    expect(JSON.stringify(again.data.user)).not.toContain('First Owner');
    expect(await mails(email)).toHaveLength(2);
    const row = (
      await s.db.query<{ meta: { name: string } }>(
        'SELECT raw_user_meta_data AS meta FROM auth.users WHERE id = $1',
        [realId],
      )
    ).rows[0]!;
    expect(row.meta.name).toBe('First Owner');
    const v = await client().auth.verifyOtp({ email, token: await latestCode(email), type: 'signup' });
    expect(v.error).toBeNull();
    expect(v.data.user!.id).toBe(realId);
    expect((await signIn(email, 'hijacker-pass-7')).error?.code).toBe('invalid_credentials');
    expect((await signIn(email, PASSWORD)).error).toBeNull();
  });
});

describe('password and e-mail changes', () => {
  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const a = await confirmedUser();
    const b = await signIn(a.email);
    expect(b.error).toBeNull();
    const bTokens = b.data.session!;
    expect((await a.sb.auth.updateUser({ password: 'secret-pass-2' })).error).toBeNull();
    const other = await api('/auth/v1/user', { token: bTokens.access_token });
    expect(other.status).toBe(401);
    expect(await other.json()).toMatchObject({ code: 'session_not_found' });
    expect((await refreshGrant(bTokens.refresh_token)).status).toBe(400);
    const mine = await a.sb.auth.getUser();
    expect(mine.error).toBeNull();
    expect((await a.sb.auth.refreshSession()).error).toBeNull();
  });

  it('needs the current password or a recent sign-in to change the password', async () => {
    const a = await confirmedUser();
    await ageSignIn(a.session.access_token, 11);
    const none = await a.sb.auth.updateUser({ password: 'secret-pass-2' });
    expect(none.error?.status).toBe(400);
    expect(none.error?.code).toBe('reauthentication_needed');
    const wrong = await a.sb.auth.updateUser({
      password: 'secret-pass-2',
      current_password: 'not-it-at-all',
    });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    expect((await signIn(a.email, 'secret-pass-2')).error?.code).toBe('invalid_credentials');
    const right = await a.sb.auth.updateUser({ password: 'secret-pass-2', current_password: PASSWORD });
    expect(right.error).toBeNull();
    expect((await signIn(a.email, 'secret-pass-2')).error).toBeNull();
    // Metadata alone needs no proof.
    expect((await a.sb.auth.updateUser({ data: { name: 'Still Me' } })).error).toBeNull();
  });

  it('applies a new e-mail address only with the code mailed to it (verifyOtp type email_change)', async () => {
    const a = await confirmedUser();
    const next = freshEmail();
    const up = await a.sb.auth.updateUser({ email: next });
    expect(up.error).toBeNull();
    expect(up.data.user!.email).toBe(a.email);
    expect(up.data.user!.new_email).toBe(next);
    expect(
      (await api('/auth/v1/user', { token: a.session.access_token }).then((r) => r.json())) as object,
    ).toMatchObject({ email: a.email, new_email: next });
    const mail = (await mails(next))[0]!;
    expect(mail.subject).toBe('Confirm your new Wayfarer e-mail address');
    // The old address still signs in; the new one does not yet.
    expect((await signIn(next)).error?.code).toBe('invalid_credentials');
    const wrong = await client().auth.verifyOtp({
      email: next,
      token: mail.code === '000000' ? '111111' : '000000',
      type: 'email_change',
    });
    expect(wrong.error?.code).toBe('otp_invalid');
    const v = await client().auth.verifyOtp({ email: next, token: mail.code!, type: 'email_change' });
    expect(v.error).toBeNull();
    expect(v.data.user!.email).toBe(next);
    expect(v.data.user!.id).toBe(a.id);
    expect((await signIn(next)).error).toBeNull();
    expect((await signIn(a.email)).error?.code).toBe('invalid_credentials');
    // Spent.
    expect(
      (await client().auth.verifyOtp({ email: next, token: mail.code!, type: 'email_change' })).error,
    ).not.toBeNull();
  });

  it('needs the current password or a recent sign-in to change the e-mail address', async () => {
    const a = await confirmedUser();
    await ageSignIn(a.session.access_token, 11);
    const next = freshEmail();
    const none = await a.sb.auth.updateUser({ email: next });
    expect(none.error?.code).toBe('reauthentication_needed');
    expect(await mails(next)).toHaveLength(0);
    const ok = await a.sb.auth.updateUser({ email: next, current_password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.new_email).toBe(next);
  });

  it('never makes an admin of whoever takes an admin-listed address: admin status stays with the account', async () => {
    const a = await confirmedUser();
    const listed = 'ops@wayfarer.local';
    await s.db.query('DELETE FROM auth.users WHERE lower(email) = $1', [listed]);
    let currentToken = a.session.access_token;
    const stats = () => api('/admin/stats', { token: currentToken });
    expect((await stats()).status).toBe(403);
    const up = await a.sb.auth.updateUser({ email: listed });
    expect(up.error).toBeNull();
    const row = await s.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [a.id]);
    expect(row.rows[0]!.email).toBe(a.email);
    expect((await stats()).status).toBe(403);
    const v = await client().auth.verifyOtp({
      email: listed,
      token: await latestCode(listed),
      type: 'email_change',
    });
    expect(v.error).toBeNull();
    currentToken = v.data.session!.access_token;
    expect(v.data.user!.email).toBe(listed);
    expect((await stats()).status).toBe(403);
    const admins = await s.db.query('SELECT 1 FROM public.admin_users WHERE user_id = $1', [a.id]);
    expect(admins.rowCount).toBe(0);
  });
});

describe('refresh tokens and session lifetimes', () => {
  it('answers two refreshes with one token at once with the same new token (two tabs)', async () => {
    const a = await confirmedUser();
    const token = a.session.refresh_token;
    const [one, two] = await Promise.all([refreshGrant(token), refreshGrant(token)]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    const [j1, j2] = (await Promise.all([one.json(), two.json()])) as Array<{ refresh_token: string }>;
    expect(j1!.refresh_token).toBe(j2!.refresh_token);
    expect((await refreshGrant(j1!.refresh_token)).status).toBe(200);
  });

  it('ends the whole session when a spent token comes back after the reuse interval', async () => {
    const a = await confirmedUser();
    const spent = a.session.refresh_token;
    const next = (await (await refreshGrant(spent)).json()) as {
      refresh_token: string;
      access_token: string;
    };
    await s.db.query(
      `UPDATE auth.refresh_tokens SET updated_at = now() - interval '11 seconds' WHERE token = $1`,
      [spent],
    );
    const replay = await refreshGrant(spent);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
    // The successor (the thief's or the owner's) is gone too, and so is its access token.
    expect((await refreshGrant(next.refresh_token)).status).toBe(400);
    expect((await api('/auth/v1/user', { token: next.access_token })).status).toBe(401);
  });

  it('follows the configured reuse interval (0: every replay ends the session)', async () => {
    const strict = await withConfig({
      sessions: { ...s.config.sessions, refreshReuseSeconds: 0 },
    });
    try {
      const a = await confirmedUser(strict.url);
      const refresh = (t: string) =>
        api('/auth/v1/token?grant_type=refresh_token', {
          url: strict.url,
          method: 'POST',
          body: JSON.stringify({ refresh_token: t }),
        });
      const next = (await (await refresh(a.session.refresh_token)).json()) as { refresh_token: string };
      expect((await refresh(a.session.refresh_token)).status).toBe(400);
      expect((await refresh(next.refresh_token)).status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('ends a session past its absolute lifetime on refresh', async () => {
    const a = await confirmedUser();
    await ageSignIn(a.session.access_token, 91 * 24 * 60);
    const r = await refreshGrant(a.session.refresh_token);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'session_expired' });
    expect((await api('/auth/v1/user', { token: a.session.access_token })).status).toBe(401);
  });

  it('ends a session unused for longer than its inactivity lifetime, and keeps a used one', async () => {
    const a = await confirmedUser();
    const sid = (
      JSON.parse(Buffer.from(a.session.access_token.split('.')[1]!, 'base64url').toString()) as {
        session_id: string;
      }
    ).session_id;
    // Refreshed 29 days ago, signed in 60 days ago: alive.
    await s.db.query(
      `UPDATE auth.sessions SET created_at = now() - interval '60 days', refreshed_at = now() - interval '29 days' WHERE id = $1`,
      [sid],
    );
    const ok = await refreshGrant(a.session.refresh_token);
    expect(ok.status).toBe(200);
    const { refresh_token } = (await ok.json()) as { refresh_token: string };
    await s.db.query(`UPDATE auth.sessions SET refreshed_at = now() - interval '31 days' WHERE id = $1`, [
      sid,
    ]);
    const r = await refreshGrant(refresh_token);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'session_expired' });
  });

  it('refuses an access token of a session past its end (not_after) on every route', async () => {
    const a = await confirmedUser();
    const sid = (
      JSON.parse(Buffer.from(a.session.access_token.split('.')[1]!, 'base64url').toString()) as {
        session_id: string;
      }
    ).session_id;
    const row = await s.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM not_after - now()) / 86400)::int AS days FROM auth.sessions WHERE id = $1`,
      [sid],
    );
    expect(row.rows[0]!.days).toBe(30);
    expect((await api('/users/currency', { token: a.session.access_token })).status).toBe(200);
    await s.db.query(`UPDATE auth.sessions SET not_after = now() - interval '1 second' WHERE id = $1`, [sid]);
    const r = await api('/auth/v1/user', { token: a.session.access_token });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ code: 'session_not_found' });
    expect((await api('/users/currency', { token: a.session.access_token })).status).toBe(401);
  });
});

describe('guessing', () => {
  it('spends a code after 5 wrong tries: the right one fails after that', async () => {
    const lenient = await withConfig(backoff({ afterFailures: 100 }));
    try {
      const email = freshEmail();
      await client(lenient.url).auth.signUp({ email, password: PASSWORD });
      const code = await latestCode(email, lenient.url);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        const r = await client(lenient.url).auth.verifyOtp({ email, token: wrong, type: 'signup' });
        expect(r.error?.code).toBe('otp_invalid');
      }
      const right = await client(lenient.url).auth.verifyOtp({ email, token: code, type: 'signup' });
      expect(right.error?.code).toBe('otp_invalid');
      // A new code gets its own 5 tries: four wrong, then the right one works.
      await client(lenient.url).auth.resend({ email, type: 'signup' });
      const second = await latestCode(email, lenient.url);
      const wrong2 = String((Number(second) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 4; i++)
        await client(lenient.url).auth.verifyOtp({ email, token: wrong2, type: 'signup' });
      expect(
        (await client(lenient.url).auth.verifyOtp({ email, token: second, type: 'signup' })).error,
      ).toBeNull();
    } finally {
      await lenient.close();
    }
  });

  it('backs off exponentially after failed passwords, with Retry-After, counting failures only', async () => {
    const slow = await withConfig(backoff({ afterFailures: 3, baseSeconds: 60, maxSeconds: 600 }));
    try {
      const a = await confirmedUser(slow.url);
      // The owner's own sign-ins never count: ten in a row all work.
      for (let i = 0; i < 10; i++)
        expect((await passwordGrant(a.email, PASSWORD, slow.url)).status).toBe(200);
      // Two typos, then a success clears them.
      for (let i = 0; i < 2; i++)
        expect((await passwordGrant(a.email, 'typo-typo', slow.url)).status).toBe(400);
      expect((await passwordGrant(a.email, PASSWORD, slow.url)).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await passwordGrant(a.email, 'guess-guess', slow.url)).status).toBe(400);
      const blocked = await passwordGrant(a.email, PASSWORD, slow.url);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(55);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The wait is over: one more try; it fails, and the next wait doubles.
      await slow.db.query(
        `UPDATE wf_auth.signin_failures SET last_failure_at = now() - interval '61 seconds' WHERE bucket = $1`,
        [`password:${a.email}`],
      );
      expect((await passwordGrant(a.email, 'guess-again', slow.url)).status).toBe(400);
      const doubled = await passwordGrant(a.email, PASSWORD, slow.url);
      expect(doubled.status).toBe(429);
      expect(Number(doubled.headers.get('retry-after'))).toBeGreaterThan(115);
      // After the wait, the owner's right password works and clears the counter.
      await slow.db.query(
        `UPDATE wf_auth.signin_failures SET last_failure_at = now() - interval '121 seconds' WHERE bucket = $1`,
        [`password:${a.email}`],
      );
      expect((await passwordGrant(a.email, PASSWORD, slow.url)).status).toBe(200);
      expect((await passwordGrant(a.email, 'typo-typo', slow.url)).status).toBe(400);
    } finally {
      await slow.close();
    }
  });

  it('lets a burst of parallel guesses through no further than the free failures', async () => {
    const slow = await withConfig(backoff({ afterFailures: 3, baseSeconds: 60 }));
    try {
      const a = await confirmedUser(slow.url);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => passwordGrant(a.email, `guess-${i}-guess`, slow.url)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((x) => x === 400)).toHaveLength(3);
      expect(statuses.filter((x) => x === 429)).toHaveLength(9);
    } finally {
      await slow.close();
    }
  });

  it('backs off per IP across addresses, and counts wrong codes too', async () => {
    const slow = await withConfig(backoff({ afterFailures: 100, afterFailuresPerIp: 4, baseSeconds: 60 }));
    try {
      for (let i = 0; i < 3; i++)
        expect((await passwordGrant(freshEmail(), 'guess-guess', slow.url)).status).toBe(400);
      const code = await api('/auth/v1/verify', {
        url: slow.url,
        method: 'POST',
        body: JSON.stringify({ email: freshEmail(), token: '123456', type: 'signup' }),
      });
      expect(code.status).toBe(403);
      expect((await passwordGrant(freshEmail(), 'guess-guess', slow.url)).status).toBe(429);
    } finally {
      await slow.close();
    }
  });

  it('compares a password with bcrypt for an unknown address too', async () => {
    const compare = jest.spyOn(bcrypt, 'compare');
    const r = await passwordGrant(freshEmail(), 'whatever-pass');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'invalid_credentials' });
    expect(compare).toHaveBeenCalledTimes(1);
    compare.mockClear();
    await passwordGrant('traveller@wayfarer.local', 'whatever-pass');
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('refuses the most common passwords at sign-up and password change', async () => {
    const refused = await client().auth.signUp({ email: freshEmail(), password: 'Password1' });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('weak_password');
    expect(refused.error?.message).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    const a = await confirmedUser();
    const change = await a.sb.auth.updateUser({ password: 'qwerty123' });
    expect(change.error?.code).toBe('weak_password');
    expect((await signIn(a.email)).error).toBeNull();
  });
});
