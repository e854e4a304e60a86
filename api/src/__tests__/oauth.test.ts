import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env';
import { anonKey } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import { startOidcStandIn, type OidcStandIn } from '../testing/oidc-server';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Google sign-in as production runs it: the API is an OpenID Connect client of a local provider (real discovery,
 * JWKS and RS256 ID tokens), the browser's part played by fetch with redirects read by hand. The development
 * stand-in is off here, as in production.
 */
const SITE = 'http://localhost:3000';
let provider: OidcStandIn;
let s: TestServer;
let key: string;

beforeAll(async () => {
  provider = await startOidcStandIn();
  const base = loadConfig({
    NODE_ENV: 'test',
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_OIDC_ISSUER: provider.issuer,
  });
  s = await startTestServer({ config: { google: { ...base.google, standIn: false } } });
  key = await anonKey(s.config.jwtSecret);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await provider?.close();
});

const verifier = () => randomBytes(32).toString('base64url');
const challengeOf = (v: string) => createHash('sha256').update(v).digest('base64url');

/** /authorize as supabase-js calls it; the provider's sign-in URL it redirects to. */
async function authorize(v: string): Promise<URL> {
  const q = new URLSearchParams({
    provider: 'google',
    redirect_to: `${SITE}/login`,
    code_challenge: challengeOf(v),
    code_challenge_method: 's256',
  });
  const r = await fetch(`${s.url}/auth/v1/authorize?${q}`, { redirect: 'manual' });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!);
}

/** The provider sends the browser back to the callback with a code for these claims; where the API sends it next. */
async function callback(
  at: URL,
  claims: Record<string, unknown>,
  opts?: { signWith?: 'stranger' },
): Promise<URL> {
  const code = provider.issueCode({ nonce: at.searchParams.get('nonce')!, ...claims }, opts);
  const back = new URL(at.searchParams.get('redirect_uri')!);
  back.searchParams.set('state', at.searchParams.get('state')!);
  back.searchParams.set('code', code);
  const r = await fetch(back, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location')!);
}

const exchange = (code: string, v: string) =>
  fetch(`${s.url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ auth_code: code, code_verifier: v }),
  });

const fresh = () => `g${Date.now().toString(36)}${randomBytes(3).toString('hex')}@gmail.test`;

describe('Google sign-in over OpenID Connect', () => {
  it('sends the browser to the provider, verifies its ID token and signs in a new user', async () => {
    const v = verifier();
    const at = await authorize(v);
    expect(at.origin).toBe(provider.issuer);
    expect(at.searchParams.get('client_id')).toBe(provider.clientId);
    expect(at.searchParams.get('redirect_uri')).toBe(`${s.url}/auth/v1/callback`);
    const email = fresh();
    const back = await callback(at, { sub: '1098765', email, name: 'Gail Google' });
    expect(back.origin + back.pathname).toBe(`${SITE}/login`);
    // The server proved itself to the provider with its secret.
    expect(provider.tokenRequests.at(-1)).toMatchObject({
      client_secret: provider.clientSecret,
      grant_type: 'authorization_code',
    });
    const r = await exchange(back.searchParams.get('code')!, v);
    expect(r.status).toBe(200);
    const session = (await r.json()) as {
      user: { email: string; app_metadata: { provider: string }; user_metadata: { full_name: string } };
    };
    expect(session.user.email).toBe(email);
    expect(session.user.app_metadata.provider).toBe('google');
    expect(session.user.user_metadata.full_name).toBe('Gail Google');
    // Signing in again with the same Google account finds the same user (by its subject, not its address).
    const v2 = verifier();
    const again = await callback(await authorize(v2), { sub: '1098765', email, name: 'Gail Google' });
    const r2 = (await (await exchange(again.searchParams.get('code')!, v2)).json()) as {
      user: { id: string };
    };
    const first = (await s.db.query<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [email]))
      .rows;
    expect(first).toHaveLength(1);
    expect(r2.user.id).toBe(first[0]!.id);
  });

  it.each([
    ['a signature from a key the provider does not publish', {}, { signWith: 'stranger' as const }],
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, undefined],
    ['another issuer', { iss: 'https://accounts.evil.test' }, undefined],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 600 }, undefined],
    ['an address the provider has not verified', { email_verified: false }, undefined],
    ['email_verified other than the boolean true', { email_verified: 'true' }, undefined],
    ['another sign-in’s nonce', { nonce: 'replayed-nonce' }, undefined],
  ])('refuses an ID token with %s, creating nobody', async (_what, claims, opts) => {
    const email = fresh();
    const at = await authorize(verifier());
    const sub = randomBytes(6).toString('hex');
    const back = await callback(at, { sub, email, ...claims }, opts);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect((await s.db.query('SELECT 1 FROM auth.users WHERE email = $1', [email])).rowCount).toBe(0);
    // The refused flow is spent: its state does not take a second, good answer.
    const retry = new URL(at.searchParams.get('redirect_uri')!);
    retry.searchParams.set('state', at.searchParams.get('state')!);
    retry.searchParams.set('code', provider.issueCode({ nonce: at.searchParams.get('nonce')!, sub, email }));
    expect((await fetch(retry, { redirect: 'manual' })).status).toBe(404);
  });

  it('refuses a callback whose state no sign-in started', async () => {
    const r = await fetch(`${s.url}/auth/v1/callback?state=forged&code=x`, { redirect: 'manual' });
    expect(r.status).toBe(404);
  });

  it('links a verified Google address to a confirmed account, but never takes over an unconfirmed one', async () => {
    const confirmed = await createUser(s.db, { email: fresh() });
    const v = verifier();
    const back = await callback(await authorize(v), { sub: 'linked-1', email: confirmed.email });
    const session = (await (await exchange(back.searchParams.get('code')!, v)).json()) as {
      user: { id: string };
    };
    expect(session.user.id).toBe(confirmed.id);

    // Someone signed up with the address and never confirmed it: Google's word links nothing to that account and
    // confirms nothing, so neither its squatter nor the Google user gets the other's account.
    const squatted = fresh();
    const signup = await fetch(`${s.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ email: squatted, password: 'a-long-unguessable-pass-9' }),
    });
    expect(signup.status).toBe(200);
    const refused = await callback(await authorize(verifier()), { sub: 'victim-1', email: squatted });
    expect(refused.searchParams.get('code')).toBeNull();
    expect(refused.searchParams.get('error')).toBe('access_denied');
    const row = await s.db.query<{ email_confirmed_at: unknown; n: string }>(
      `SELECT email_confirmed_at, (SELECT count(*) FROM auth.identities i WHERE i.user_id = u.id AND provider = 'google') AS n
       FROM auth.users u WHERE email = $1`,
      [squatted],
    );
    expect(row.rows[0]).toMatchObject({ email_confirmed_at: null });
    expect(Number(row.rows[0]!.n)).toBe(0);
  });

  it('offers Google in the settings and has no stand-in consent page', async () => {
    const settings = (await (await fetch(`${s.url}/auth/v1/settings`)).json()) as {
      external: { google: boolean };
    };
    expect(settings.external.google).toBe(true);
    const consent = await fetch(`${s.url}/auth/v1/authorize/consent`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@wayfarer.local', name: 'x', code_challenge: 'abc' }),
      redirect: 'manual',
    });
    expect(consent.status).toBe(404);
  });
});

describe('Google sign-in configuration', () => {
  it('refuses the stand-in in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), AUTH_GOOGLE_STANDIN: 'true' }),
    ).toThrow(/AUTH_GOOGLE_STANDIN/);
    const real = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), GOOGLE_CLIENT_ID: 'id' };
    expect(() =>
      loadConfig({ ...real, GOOGLE_CLIENT_SECRET: 's', GOOGLE_OIDC_ISSUER: 'http://idp.test' }),
    ).toThrow(/GOOGLE_OIDC_ISSUER/);
    expect(() => loadConfig(real)).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ ...real, GOOGLE_CLIENT_SECRET: 's' }).google.oidc).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
    });
  });

  it('offers no Google sign-in, and no consent page, when neither a client nor the stand-in is configured', async () => {
    const base = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    expect(base.google).toEqual({ standIn: false, oidc: undefined });
    const bare = await startTestServer({ config: { google: base.google } });
    try {
      const settings = (await (await fetch(`${bare.url}/auth/v1/settings`)).json()) as {
        external: { google: boolean };
      };
      expect(settings.external.google).toBe(false);
      const consent = await fetch(`${bare.url}/auth/v1/authorize/consent`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'admin@wayfarer.local', name: 'Mallory', code_challenge: 'abc' }),
        redirect: 'manual',
      });
      expect(consent.status).toBe(404);
      const page = await fetch(`${bare.url}/auth/v1/authorize?provider=google&code_challenge=abc`, {
        redirect: 'manual',
      });
      expect(page.status).toBe(400);
    } finally {
      await bare.close();
    }
  });
});

describe('PKCE follows the flow’s method', () => {
  let dev: TestServer;
  /** A flow through the development stand-in (a server with it on), with this challenge and method; its code. */
  async function standInCode(challenge: string, method?: string) {
    const form = new URLSearchParams({
      email: fresh(),
      name: 'Pat Kce',
      code_challenge: challenge,
      redirect_to: `${SITE}/`,
    });
    if (method) form.set('code_challenge_method', method);
    const r = await fetch(`${dev.url}/auth/v1/authorize/consent`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(r.status).toBe(303);
    return new URL(r.headers.get('location')!).searchParams.get('code')!;
  }
  const redeem = (code: string, v: string) =>
    fetch(`${dev.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: v }),
    });
  beforeAll(async () => {
    dev = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await dev?.close();
  });

  it('with s256, refuses the challenge itself as the verifier', async () => {
    const v = verifier();
    const code = await standInCode(challengeOf(v), 's256');
    expect((await redeem(code, challengeOf(v))).status).toBe(403);
    const ok = await standInCode(challengeOf(v), 's256');
    expect((await redeem(ok, v)).status).toBe(200);
  });

  it('the stand-in links by the same rule: it neither confirms nor signs in an unconfirmed account', async () => {
    const email = fresh();
    const signup = await fetch(`${dev.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-unguessable-pass-9' }),
    });
    expect(signup.status).toBe(200);
    const r = await fetch(`${dev.url}/auth/v1/authorize/consent`, {
      method: 'POST',
      body: new URLSearchParams({ email, name: 'Mallory', code_challenge: challengeOf(verifier()) }),
      redirect: 'manual',
    });
    expect(r.status).toBe(303);
    const back = new URL(r.headers.get('location')!);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    const row = await dev.db.query<{ email_confirmed_at: unknown }>(
      'SELECT email_confirmed_at FROM auth.users WHERE email = $1',
      [email],
    );
    expect(row.rows[0]).toEqual({ email_confirmed_at: null });
  });

  it('with plain, takes the verifier equal to the challenge, and refuses an unknown method', async () => {
    const v = verifier();
    const code = await standInCode(v, 'plain');
    expect((await redeem(code, v)).status).toBe(200);
    const bad = await fetch(
      `${dev.url}/auth/v1/authorize?provider=google&code_challenge=abc&code_challenge_method=md5`,
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
  });
});
