import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { HttpError } from '../http/errors';
import { signupCodeMail } from './signup-mail';

/**
 * The accounts behind the Supabase-compatible /auth/v1 routes (auth/routes.ts): users, identities, sign-up codes,
 * OAuth flow state and sign-out, in GoTrue's tables (auth.*) and ours (wf_auth.*). The routes validate, check the
 * caller and answer; the SQL is here (sessions and refresh tokens: auth/sessions.ts).
 */

/** GoTrue-style error: the client reads `code` (with the API version header) and `msg`/`message`. */
export class AuthError extends HttpError {
  constructor(status: number, code: string, message: string) {
    super(status, message, code);
  }
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function loadUser(db: Queryable, where: 'id' | 'email', value: string): Promise<UserRow | null> {
  const col = where === 'id' ? 'id = $1' : 'lower(email) = lower($1)';
  const r = await db.query<UserRow>(`SELECT * FROM auth.users WHERE ${col}`, [value]);
  return r.rows[0] ?? null;
}

/** The user with this address, its row locked until the transaction ends (null when there is none). */
const lockUserByEmail = async (tx: Queryable, email: string) =>
  (await tx.query<UserRow>('SELECT * FROM auth.users WHERE lower(email) = lower($1) FOR UPDATE', [email]))
    .rows[0] ?? null;

/** The user as GoTrue answers it (with its identities, none when `obfuscate`). */
export async function userJson(db: Queryable, u: UserRow, opts: { obfuscate?: boolean } = {}) {
  const ids = opts.obfuscate
    ? []
    : (
        await db.query<IdentityRow>('SELECT * FROM auth.identities WHERE user_id = $1 ORDER BY created_at', [
          u.id,
        ])
      ).rows.map((i) => ({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: iso(i.last_sign_in_at),
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        email: i.email,
      }));
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: ids,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}

function otpHash(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export type SignOutScope = 'global' | 'local' | 'others';

export function createAccountService({ db, config, mailer }: Pick<Deps, 'db' | 'config' | 'mailer'>) {
  /**
   * Replaces the user's sign-up code and mails the new one, inside the caller's transaction, which must hold the
   * user's row (FOR UPDATE): parallel sign-ups and resends for one address then take turns, and the last mail in
   * the mailbox always carries the one code that is still valid (the mailbox row commits with the code).
   */
  async function sendSignupCode(tx: Queryable, user: UserRow) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      'UPDATE wf_auth.otp_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [user.id, 'signup'],
    );
    await tx.query(
      `INSERT INTO wf_auth.otp_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, 'signup', $2, now() + make_interval(secs => $3))`,
      [user.id, otpHash(config.jwtSecret, user.id, code), config.otpTtlSeconds],
    );
    await tx.query('UPDATE auth.users SET confirmation_sent_at = now() WHERE id = $1', [user.id]);
    const minutes = Math.max(1, Math.round(config.otpTtlSeconds / 60));
    const mail = signupCodeMail(user.raw_user_meta_data?.language, code, minutes);
    await mailer.send({ to: user.email, subject: mail.subject, text: mail.text }, tx);
  }

  return {
    /**
     * Signs up an e-mail user (or, for an unconfirmed address, replaces its password and metadata) and mails a
     * code. The answer is the user as GoTrue answers a sign-up (a confirmed address: obfuscated, nothing sent).
     */
    async signUp(input: { email: string; password: string; data?: Record<string, unknown> }) {
      const hash = await bcrypt.hash(input.password, 10);
      const outcome = await db.transaction(async (tx) => {
        // Parallel sign-ups of one new address: one INSERT wins; the others wait for it to commit, insert nothing
        // and go on as a repeated sign-up below, so every one of them gets a repeated sign-up's answer.
        const inserted = await tx.query<UserRow>(
          `INSERT INTO auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data) VALUES ($1, $2, $3, $4)
           ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
          [
            input.email,
            hash,
            JSON.stringify({ provider: 'email', providers: ['email'] }),
            JSON.stringify({
              ...(input.data ?? {}),
              email: input.email,
              email_verified: false,
              phone_verified: false,
            }),
          ],
        );
        let user = inserted.rows[0];
        if (user) {
          await tx.query(
            `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, email) VALUES ($1, $4::uuid, $2, 'email', $3)`,
            [
              user.id,
              JSON.stringify({
                sub: user.id,
                email: input.email,
                email_verified: false,
                phone_verified: false,
              }),
              input.email,
              user.id,
            ],
          );
        } else {
          const existing = await lockUserByEmail(tx, input.email);
          // Deleted between the two statements: the client may simply try again.
          if (!existing)
            throw new AuthError(409, 'conflict', 'This address changed while signing up; please try again.');
          // As GoTrue with confirmations on: no error, an obfuscated user with no identities, nothing sent.
          if (existing.email_confirmed_at) return { id: existing.id, obfuscate: true };
          const updated = await tx.query<UserRow>(
            'UPDATE auth.users SET encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb, updated_at = now() WHERE id = $1 RETURNING *',
            [existing.id, hash, JSON.stringify(input.data ?? {})],
          );
          user = updated.rows[0]!;
        }
        await sendSignupCode(tx, user);
        return { id: user.id, obfuscate: false };
      });
      return userJson(db, (await loadUser(db, 'id', outcome.id))!, { obfuscate: outcome.obfuscate });
    },

    /** Spends a sign-up code and confirms the address; the confirmed user (403 otp_invalid / otp_expired). */
    async confirmSignupCode(email: string, token: string): Promise<UserRow> {
      const u = await loadUser(db, 'email', email);
      if (!u) throw new AuthError(403, 'otp_invalid', 'Token is invalid');
      const hash = otpHash(config.jwtSecret, u.id, token);
      const r = await db.query<{ id: string; code_hash: string; expired: boolean; used: boolean }>(
        `SELECT id, code_hash, expires_at < now() AS expired, used_at IS NOT NULL AS used FROM wf_auth.otp_codes
         WHERE user_id = $1 AND purpose = 'signup' ORDER BY created_at DESC LIMIT 20`,
        [u.id],
      );
      const match = r.rows.find((c) => timingSafeEqual(Buffer.from(c.code_hash), Buffer.from(hash)));
      if (!match || match.used) throw new AuthError(403, 'otp_invalid', 'Token is invalid');
      if (match.expired) throw new AuthError(403, 'otp_expired', 'Token has expired');
      await db.transaction(async (tx) => {
        // Single use even when the same code arrives twice at once: only one request marks it used.
        const spent = await tx.query(
          'UPDATE wf_auth.otp_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL',
          [match.id],
        );
        if (!spent.rowCount) throw new AuthError(403, 'otp_invalid', 'Token is invalid');
        await tx.query(
          `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()),
             raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now() WHERE id = $1`,
          [u.id],
        );
        await tx.query(
          `UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb WHERE user_id = $1 AND provider = 'email'`,
          [u.id],
        );
      });
      return (await loadUser(db, 'id', u.id))!;
    },

    /** Mails a new sign-up code to an unconfirmed address; unknown and confirmed addresses: nothing. */
    async resendSignupCode(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const u = await lockUserByEmail(tx, email);
        if (u && !u.email_confirmed_at) await sendSignupCode(tx, u);
      });
    },

    /** The user these credentials sign in (400 invalid_credentials / email_not_confirmed). */
    async checkPassword(email: string, password: string): Promise<UserRow> {
      const u = await loadUser(db, 'email', email);
      const ok = u?.encrypted_password ? await bcrypt.compare(password, u.encrypted_password) : false;
      if (!u || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      if (!u.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return u;
    },

    /**
     * The PKCE exchange: spends the OAuth flow's code (once, within 10 minutes), then checks the verifier against
     * its challenge; the user it signs in.
     */
    async redeemAuthCode(authCode: string, codeVerifier: string): Promise<UserRow> {
      const flow = await db.transaction(async (tx) => {
        const r = await tx.query<{
          user_id: string | null;
          code_challenge: string;
          used_at: unknown;
          fresh: boolean;
        }>(
          `SELECT user_id, code_challenge, used_at, created_at > now() - interval '10 minutes' AS fresh
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
      if (s256(codeVerifier) !== flow.code_challenge && codeVerifier !== flow.code_challenge) {
        throw new AuthError(
          403,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      return (await loadUser(db, 'id', flow.user_id!))!;
    },

    /** Changes the user's e-mail (at once), password and metadata; the user as GoTrue answers it. */
    async updateUser(
      user: UserRow,
      change: { email?: string; password?: string; data?: Record<string, unknown> },
    ) {
      if (change.email && change.email !== user.email.toLowerCase()) {
        const taken = await loadUser(db, 'email', change.email);
        if (taken)
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        // Local stand-in: the address changes at once (no confirmation mail round trip). The unique index has the
        // last word when another account takes the address at the same moment.
        await db
          .query('UPDATE auth.users SET email = $2, updated_at = now() WHERE id = $1', [
            user.id,
            change.email,
          ])
          .catch((err: unknown) => {
            if ((err as { code?: string }).code === '23505')
              throw new AuthError(
                422,
                'email_exists',
                'A user with this email address has already been registered',
              );
            throw err;
          });
        await db.query(
          `UPDATE auth.identities SET email = $2, identity_data = identity_data || jsonb_build_object('email', $2::text) WHERE user_id = $1 AND provider = 'email'`,
          [user.id, change.email],
        );
      }
      if (change.password) {
        await db.query('UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1', [
          user.id,
          await bcrypt.hash(change.password, 10),
        ]);
      }
      if (change.data) {
        await db.query(
          'UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() WHERE id = $1',
          [user.id, JSON.stringify(change.data)],
        );
      }
      return userJson(db, (await loadUser(db, 'id', user.id))!);
    },

    /** Ends this session (`local`), the user's other sessions (`others`) or all of them (`global`, or no session id). */
    async signOut(userId: string, sessionId: string | null, scope: SignOutScope): Promise<void> {
      if (scope === 'global' || !sessionId)
        await db.query('DELETE FROM auth.sessions WHERE user_id = $1', [userId]);
      else if (scope === 'local') await db.query('DELETE FROM auth.sessions WHERE id = $1', [sessionId]);
      else await db.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId]);
      // Tokens without a session (deleted above by cascade) are gone; revoke any leftovers for safety.
      await db.query(
        'UPDATE auth.refresh_tokens SET revoked = true WHERE session_id IS NULL AND user_id = $1',
        [userId],
      );
    },

    /**
     * The Google stand-in's consent: signs in or creates the user with a Google-style identity and records the
     * OAuth flow (PKCE challenge, redirect); the code to send back to the client.
     */
    async googleConsent(input: {
      email: string;
      name: string;
      codeChallenge: string;
      codeChallengeMethod?: string;
      redirectTo?: string;
    }): Promise<string> {
      const googleId = createHash('sha256').update(`google:${input.email}`).digest('hex').slice(0, 21);
      const [first, ...rest] = input.name.split(/\s+/);
      const identityData = {
        sub: googleId,
        provider_id: googleId,
        email: input.email,
        email_verified: true,
        name: input.name,
        full_name: input.name,
        given_name: first,
        family_name: rest.join(' ') || undefined,
        iss: 'https://accounts.google.com',
      };
      const userId = await db.transaction(async (tx) => {
        // ON CONFLICT: two consents for one new address at once make one user (the other takes the update path).
        const r = await tx.query<{ id: string }>(
          `INSERT INTO auth.users (email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) VALUES ($1, now(), $2, $3)
           ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
          [
            input.email,
            JSON.stringify({ provider: 'google', providers: ['google'] }),
            JSON.stringify(identityData),
          ],
        );
        let id = r.rows[0]?.id;
        if (!id) {
          id = (await lockUserByEmail(tx, input.email))?.id;
          if (!id)
            throw new AuthError(409, 'conflict', 'This address changed while signing in; please try again.');
          await tx.query(
            `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()),
               raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
                 (SELECT coalesce(jsonb_agg(DISTINCT p), '[]'::jsonb) FROM jsonb_array_elements_text(coalesce(raw_app_meta_data->'providers', '[]'::jsonb) || '["google"]'::jsonb) p))
             WHERE id = $1`,
            [id],
          );
        }
        await tx.query(
          `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, email, last_sign_in_at) VALUES ($1, $2, $3, 'google', $4, now())
           ON CONFLICT (provider_id, provider) DO UPDATE SET last_sign_in_at = now(), identity_data = EXCLUDED.identity_data`,
          [googleId, id, JSON.stringify(identityData), input.email],
        );
        return id;
      });
      const code = randomBytes(18).toString('base64url');
      await db.query(
        `INSERT INTO wf_auth.flow_state (auth_code, user_id, code_challenge, code_challenge_method, provider, redirect_to) VALUES ($1, $2, $3, $4, 'google', $5)`,
        [code, userId, input.codeChallenge, input.codeChallengeMethod ?? 's256', input.redirectTo ?? null],
      );
      return code;
    },
  };
}
