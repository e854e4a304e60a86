import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { AuthError, loadUser, type UserRow } from './accounts';

/**
 * Sign-in with an OAuth provider (Google), as GoTrue does it for supabase-js's PKCE flow: the browser is sent to the
 * provider, comes back to /auth/v1/callback, and leaves with a one-time code that /token?grant_type=pkce exchanges
 * for a session once the verifier matches the challenge stored with the flow.
 *
 * The provider's word is an OpenID Connect ID token whose signature, issuer, audience, expiry and nonce are verified
 * here; a development stand-in (a local consent page, never in production) goes through the same linking rule.
 */

/** PKCE methods GoTrue accepts; the stored one decides how a verifier is checked. */
export const PKCE_METHODS = ['s256', 'plain'] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];

export const pkceMethodOf = (v: string | undefined | null): PkceMethod | null => {
  const m = (v ?? 's256').toLowerCase();
  return (PKCE_METHODS as readonly string[]).includes(m) ? (m as PkceMethod) : null;
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Whether a PKCE verifier answers the challenge under the flow's own method (never the other one). */
export function verifierMatches(method: string, challenge: string, verifier: string): boolean {
  const m = pkceMethodOf(method);
  if (m === 's256') return s256(verifier) === challenge;
  if (m === 'plain') return verifier === challenge;
  return false;
}

/** What a provider says of the person signing in, once its proof has been checked. */
export interface ProviderIdentity {
  provider: 'google';
  /** The provider's stable subject id. */
  sub: string;
  email: string;
  /** The provider vouches that this person controls `email`. */
  emailVerified: boolean;
  name?: string;
  claims: Record<string, unknown>;
}

const Discovery = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
type Discovery = z.infer<typeof Discovery>;

const TokenAnswer = z.object({ id_token: z.string().min(1) }).passthrough();

const IdClaims = z
  .object({
    sub: z.string().min(1).max(255),
    email: z.string().email().max(255),
    // Only the JSON boolean true counts (as GoTrue reads it); anything else is no promise about the address.
    email_verified: z.unknown().optional(),
    name: z.string().max(200).optional(),
    nonce: z.string().optional(),
  })
  .passthrough();

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** An OpenID Connect relying party for one provider: discovery and keys fetched once, ID tokens verified with jose. */
export function createOidcClient(settings: OidcSettings) {
  let discovery: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  const fetchJson = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    if (!res.ok) throw new AuthError(502, 'provider_error', `The sign-in provider answered ${res.status}`);
    return (await res.json()) as unknown;
  };

  function discover(): Promise<Discovery> {
    discovery ??= fetchJson(`${settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)
      .then((d) => Discovery.parse(d))
      .catch((err: unknown) => {
        discovery = undefined; // try again on the next sign-in
        throw err instanceof AuthError
          ? err
          : new AuthError(502, 'provider_error', 'The sign-in provider could not be reached');
      });
    return discovery;
  }

  return {
    async authorizationUrl(input: { redirectUri: string; state: string; nonce: string }): Promise<string> {
      const d = await discover();
      const u = new URL(d.authorization_endpoint);
      u.searchParams.set('client_id', settings.clientId);
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('scope', 'openid email profile');
      u.searchParams.set('redirect_uri', input.redirectUri);
      u.searchParams.set('state', input.state);
      u.searchParams.set('nonce', input.nonce);
      return u.toString();
    },

    /** Exchanges the provider's code and verifies the ID token it returns; the identity it proves. */
    async identityFromCode(input: {
      code: string;
      redirectUri: string;
      nonce: string;
    }): Promise<ProviderIdentity> {
      const d = await discover();
      const answer = TokenAnswer.safeParse(
        await fetchJson(d.token_endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: input.code,
            redirect_uri: input.redirectUri,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          }).toString(),
        }),
      );
      if (!answer.success)
        throw new AuthError(502, 'provider_error', 'The sign-in provider sent no ID token');
      jwks ??= createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: settings.timeoutMs });
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(answer.data.id_token, jwks, {
          issuer: d.issuer,
          audience: settings.clientId,
          algorithms: ['RS256', 'ES256'],
        }));
      } catch {
        throw new AuthError(
          400,
          'bad_id_token',
          'The sign-in provider sent an ID token that does not verify',
        );
      }
      const claims = IdClaims.safeParse(payload);
      if (!claims.success)
        throw new AuthError(400, 'bad_id_token', 'The ID token lacks a subject or an e-mail');
      if (claims.data.nonce !== input.nonce) {
        throw new AuthError(400, 'bad_id_token', 'The ID token was not issued for this sign-in');
      }
      const verified = claims.data.email_verified === true;
      return {
        provider: 'google',
        sub: claims.data.sub,
        email: claims.data.email.toLowerCase(),
        emailVerified: verified,
        name: claims.data.name,
        claims: payload as Record<string, unknown>,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

export function createOAuthService({ db }: Pick<Deps, 'db'>) {
  /**
   * The user this provider identity signs in, linked or created in the caller's transaction:
   * - an identity already linked signs in its user;
   * - a new identity with an address nobody has creates a confirmed user (the provider vouched for the address);
   * - a new identity with the address of an existing account is linked only when the provider vouches for the
   *   address AND that account's own address is confirmed (GoTrue's rule): an unconfirmed account may be someone
   *   else's squat on the address, and linking would hand it, or take it from, its owner.
   */
  async function userForIdentity(tx: Queryable, id: ProviderIdentity): Promise<string> {
    if (!id.emailVerified) {
      throw new AuthError(
        403,
        'provider_email_needs_verification',
        'The provider has not verified this e-mail address',
      );
    }
    const identityData = {
      ...id.claims,
      sub: id.sub,
      provider_id: id.sub,
      email: id.email,
      email_verified: true,
      ...(id.name ? { name: id.name, full_name: id.name } : {}),
    };
    // First sign-ins for one address at once run one after another: each would otherwise hold what the other
    // waits for (one's new identity row, the other's lock on the user its flow row points to) and PostgreSQL
    // would end one of them as a deadlock.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identity:${id.email.toLowerCase()}`]);
    const linked = await tx.query<{ user_id: string }>(
      `UPDATE auth.identities SET last_sign_in_at = now(), identity_data = $3, updated_at = now()
       WHERE provider_id = $1 AND provider = $2 RETURNING user_id`,
      [id.sub, id.provider, JSON.stringify(identityData)],
    );
    if (linked.rows[0]) return linked.rows[0].user_id;

    const [first, ...rest] = (id.name ?? '').split(/\s+/);
    const meta = {
      ...identityData,
      ...(id.name ? { given_name: first, family_name: rest.join(' ') || undefined } : {}),
    };
    // ON CONFLICT: two first sign-ins for one new address at once make one user (the other finds it below).
    const created = await tx.query<{ id: string }>(
      `INSERT INTO auth.users (email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) VALUES ($1, now(), $2, $3)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [id.email, JSON.stringify({ provider: id.provider, providers: [id.provider] }), JSON.stringify(meta)],
    );
    let userId = created.rows[0]?.id;
    if (!userId) {
      const existing = (
        await tx.query<UserRow>('SELECT * FROM auth.users WHERE lower(email) = lower($1) FOR NO KEY UPDATE', [
          id.email,
        ])
      ).rows[0];
      if (!existing)
        throw new AuthError(409, 'conflict', 'This address changed while signing in; please try again.');
      if (!existing.email_confirmed_at) {
        throw new AuthError(
          422,
          'email_exists',
          'An account with this e-mail address is waiting for its confirmation code. Confirm it first, then sign in with Google.',
        );
      }
      userId = existing.id;
      await tx.query(
        `UPDATE auth.users SET raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
           (SELECT coalesce(jsonb_agg(DISTINCT p), '[]'::jsonb)
            FROM jsonb_array_elements_text(coalesce(raw_app_meta_data->'providers', '[]'::jsonb) || to_jsonb(ARRAY[$2::text])) p)),
           updated_at = now()
         WHERE id = $1`,
        [userId, id.provider],
      );
    }
    // Concurrent first sign-ins of one identity: the first insert wins, the others only refresh it.
    await tx.query(
      `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, email, last_sign_in_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (provider_id, provider) DO UPDATE SET last_sign_in_at = now()`,
      [id.sub, userId, JSON.stringify(identityData), id.provider, id.email],
    );
    return userId;
  }

  return {
    /** Records a flow started at /authorize (PKCE challenge, redirect, and for a real provider its state and nonce). */
    async startFlow(input: {
      provider: 'google';
      codeChallenge: string;
      codeChallengeMethod: PkceMethod;
      redirectTo: string;
    }): Promise<{ state: string; nonce: string }> {
      const state = randomBytes(24).toString('base64url');
      const nonce = randomBytes(24).toString('base64url');
      // A flow is good for 10 minutes; older ones, finished or not, are only clutter.
      await db.query("DELETE FROM wf_auth.flow_state WHERE created_at < now() - interval '1 hour'");
      // Until the provider answers, the flow's key is a placeholder nobody can redeem (user_id stays null).
      await db.query(
        `INSERT INTO wf_auth.flow_state (auth_code, code_challenge, code_challenge_method, provider, redirect_to, oauth_state, oauth_nonce)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          `pending:${state}`,
          input.codeChallenge,
          input.codeChallengeMethod,
          input.provider,
          input.redirectTo,
          state,
          nonce,
        ],
      );
      return { state, nonce };
    },

    /** The flow a provider's callback names (fresh, not finished yet), or null. */
    async pendingFlow(state: string) {
      const r = await db.query<{ auth_code: string; redirect_to: string | null; oauth_nonce: string }>(
        `SELECT auth_code, redirect_to, oauth_nonce FROM wf_auth.flow_state
         WHERE oauth_state = $1 AND user_id IS NULL AND used_at IS NULL AND created_at > now() - interval '10 minutes'`,
        [state],
      );
      return r.rows[0] ?? null;
    },

    /** Spends a provider's flow that ended in a refusal, so its state is not tried again. */
    async abandonFlow(state: string): Promise<void> {
      await db.query(
        'UPDATE wf_auth.flow_state SET used_at = now() WHERE oauth_state = $1 AND used_at IS NULL',
        [state],
      );
    },

    /** Finishes a provider's flow: links or creates the user and gives the flow its one-time code. */
    async finishFlow(state: string, identity: ProviderIdentity): Promise<string> {
      const code = randomBytes(18).toString('base64url');
      await db.transaction(async (tx) => {
        const userId = await userForIdentity(tx, identity);
        const done = await tx.query(
          `UPDATE wf_auth.flow_state SET auth_code = $2, user_id = $3
           WHERE oauth_state = $1 AND user_id IS NULL AND used_at IS NULL`,
          [state, code, userId],
        );
        if (!done.rowCount)
          throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      });
      return code;
    },

    /**
     * The development stand-in's consent: the typed address stands for a Google account that has verified it, so
     * it links and creates exactly as a real Google answer would; the code to send back to the client.
     */
    async standInConsent(input: {
      email: string;
      name: string;
      codeChallenge: string;
      codeChallengeMethod: PkceMethod;
      redirectTo: string;
    }): Promise<string> {
      const sub = createHash('sha256').update(`google:${input.email}`).digest('hex').slice(0, 21);
      const code = randomBytes(18).toString('base64url');
      await db.transaction(async (tx) => {
        const userId = await userForIdentity(tx, {
          provider: 'google',
          sub,
          email: input.email,
          emailVerified: true,
          name: input.name,
          claims: { iss: 'https://accounts.google.com' },
        });
        await tx.query(
          `INSERT INTO wf_auth.flow_state (auth_code, user_id, code_challenge, code_challenge_method, provider, redirect_to) VALUES ($1, $2, $3, $4, 'google', $5)`,
          [code, userId, input.codeChallenge, input.codeChallengeMethod, input.redirectTo],
        );
      });
      return code;
    },

    /**
     * The PKCE exchange: spends the flow's code (once, within 10 minutes), then checks the verifier under the
     * flow's own method; the user it signs in.
     */
    async redeemAuthCode(authCode: string, codeVerifier: string): Promise<UserRow> {
      const flow = await db.transaction(async (tx) => {
        const r = await tx.query<{
          user_id: string | null;
          code_challenge: string;
          code_challenge_method: string;
          used_at: unknown;
          fresh: boolean;
        }>(
          `SELECT user_id, code_challenge, code_challenge_method, used_at, created_at > now() - interval '10 minutes' AS fresh
           FROM wf_auth.flow_state WHERE auth_code = $1 FOR UPDATE`,
          [authCode],
        );
        const row = r.rows[0];
        if (!row || row.used_at || !row.fresh || !row.user_id) {
          throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        }
        await tx.query('UPDATE wf_auth.flow_state SET used_at = now() WHERE auth_code = $1', [authCode]);
        return row;
      });
      if (!verifierMatches(flow.code_challenge_method, flow.code_challenge, codeVerifier)) {
        throw new AuthError(
          403,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      const u = await loadUser(db, 'id', flow.user_id!);
      if (!u)
        throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return u;
    },
  };
}
