import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { HttpError } from '../http/errors';
import { emailChangeCodeMail, signupCodeMail } from './signup-mail';

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
  /** The address an e-mail change waits to apply ('' or null: none pending). */
  email_change?: string | null;
  email_change_sent_at?: Date | string | null;
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
    // A pending e-mail change, as GoTrue shows it (the address applies once its code is entered).
    ...(u.email_change ? { new_email: u.email_change } : {}),
    ...(u.email_change_sent_at ? { email_change_sent_at: iso(u.email_change_sent_at) } : {}),
  };
}

/**
 * The answer to a sign-up of an address that already has an account, as GoTrue's with confirmations on: the shape
 * of a new sign-up's answer made of the request alone (a random id, the submitted address and metadata, now, no
 * identities), so it tells nothing of the account that holds the address.
 */
export function obfuscatedSignupJson(email: string, data: Record<string, unknown> | undefined) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: null,
    phone: '',
    confirmation_sent_at: now,
    confirmed_at: null,
    last_sign_in_at: null,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data ?? {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * A bcrypt hash of a random secret, compared with when the address has no password (unknown address, Google-only
 * account): a failed sign-in then costs the same bcrypt work whether or not the address exists.
 */
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST));
const BCRYPT_COST = 10;

/** Whether the password is the account's (a bcrypt comparison in every case, see dummyPasswordHash). */
export async function passwordMatches(u: UserRow | null, password: string): Promise<boolean> {
  const stored = u?.encrypted_password || null;
  const ok = await bcrypt.compare(password, stored ?? (await dummyPasswordHash()));
  return ok && stored !== null;
}

function otpHash(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

type CodePurpose = 'signup' | 'email_change';

const emailTaken = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

export type SignOutScope = 'global' | 'local' | 'others';

export function createAccountService({ db, config, mailer }: Pick<Deps, 'db' | 'config' | 'mailer'>) {
  /**
   * Replaces the user's code of this purpose and mails the new one, inside the caller's transaction, which must
   * hold the user's row (FOR UPDATE): parallel requests for one address then take turns, and the last mail in the
   * mailbox always carries the one code that is still valid (the mailbox row commits with the code). A sign-up
   * code goes to the account's address, an e-mail change's to the new address (`to`), bound to it.
   */
  async function sendCode(tx: Queryable, user: UserRow, purpose: CodePurpose, to = user.email) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      'UPDATE wf_auth.otp_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [user.id, purpose],
    );
    await tx.query(
      `INSERT INTO wf_auth.otp_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [user.id, purpose, codeHash(user.id, purpose, to, code), config.otpTtlSeconds],
    );
    const minutes = Math.max(1, Math.round(config.otpTtlSeconds / 60));
    const language = user.raw_user_meta_data?.language;
    if (purpose === 'signup')
      await tx.query('UPDATE auth.users SET confirmation_sent_at = now() WHERE id = $1', [user.id]);
    const mail =
      purpose === 'signup'
        ? signupCodeMail(language, code, minutes)
        : emailChangeCodeMail(language, code, minutes);
    await mailer.send({ to, subject: mail.subject, text: mail.text }, tx);
  }

  /** The HMAC a code is stored as: a sign-up code for its account, an e-mail change's also for its new address. */
  const codeHash = (userId: string, purpose: CodePurpose, to: string, code: string) =>
    otpHash(config.jwtSecret, userId, purpose === 'signup' ? code : `${purpose}:${to.toLowerCase()}:${code}`);

  /**
   * Spends the code (inside the caller's transaction): 'ok', or why not. The user's codes of the purpose are locked,
   * so parallel tries take turns; a wrong code counts a try against every live code of the purpose, and the try
   * that reaches otpMaxAttempts spends them (the right code no longer works after that).
   */
  async function spendCode(
    tx: Queryable,
    userId: string,
    purpose: CodePurpose,
    hash: string,
  ): Promise<'ok' | 'otp_invalid' | 'otp_expired'> {
    const r = await tx.query<{ id: string; code_hash: string; expired: boolean; used: boolean }>(
      `SELECT id, code_hash, expires_at < now() AS expired, used_at IS NOT NULL AS used FROM wf_auth.otp_codes
       WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 20 FOR UPDATE`,
      [userId, purpose],
    );
    const match = r.rows.find((c) => timingSafeEqual(Buffer.from(c.code_hash), Buffer.from(hash)));
    if (match && !match.used) {
      if (match.expired) return 'otp_expired';
      await tx.query('UPDATE wf_auth.otp_codes SET used_at = now() WHERE id = $1', [match.id]);
      return 'ok';
    }
    await tx.query(
      `UPDATE wf_auth.otp_codes SET attempts = attempts + 1,
         used_at = CASE WHEN attempts + 1 >= $3 THEN now() ELSE used_at END
       WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [userId, purpose, config.otpMaxAttempts],
    );
    return 'otp_invalid';
  }

  const codeError = (reason: 'otp_invalid' | 'otp_expired') =>
    reason === 'otp_expired'
      ? new AuthError(403, 'otp_expired', 'Token has expired')
      : new AuthError(403, 'otp_invalid', 'Token is invalid');

  return {
    /**
     * Signs up an e-mail user and mails a code. An address that already has an account keeps its password and
     * metadata: an unconfirmed one gets a new code (its owner may have lost the first), a confirmed one nothing
     * (as GoTrue with confirmations on). Every case hashes the password (the same bcrypt work, so the time taken
     * does not tell them apart); a repeated sign-up's answer is made of the request alone (obfuscatedSignupJson).
     */
    async signUp(input: { email: string; password: string; data?: Record<string, unknown> }) {
      const hash = await bcrypt.hash(input.password, BCRYPT_COST);
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
        const user = inserted.rows[0];
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
          await sendCode(tx, user, 'signup');
          return { id: user.id };
        }
        const existing = await lockUserByEmail(tx, input.email);
        // Deleted between the two statements: the client may simply try again.
        if (!existing)
          throw new AuthError(409, 'conflict', 'This address changed while signing up; please try again.');
        // Never the sign-up's password or metadata: whoever signs up again may not be the one who did first.
        if (!existing.email_confirmed_at) await sendCode(tx, existing, 'signup');
        return null;
      });
      if (!outcome) return obfuscatedSignupJson(input.email, input.data);
      return userJson(db, (await loadUser(db, 'id', outcome.id))!);
    },

    /** Spends a sign-up code and confirms the address; the confirmed user (403 otp_invalid / otp_expired). */
    async confirmSignupCode(email: string, token: string): Promise<UserRow> {
      const u = await loadUser(db, 'email', email);
      if (!u) throw codeError('otp_invalid');
      // The try is written even when the code is wrong, so the transaction commits and the error comes after.
      const outcome = await db.transaction(async (tx) => {
        const spent = await spendCode(tx, u.id, 'signup', codeHash(u.id, 'signup', u.email, token));
        if (spent !== 'ok') return spent;
        await tx.query(
          `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()),
             raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now() WHERE id = $1`,
          [u.id],
        );
        await tx.query(
          `UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb WHERE user_id = $1 AND provider = 'email'`,
          [u.id],
        );
        return spent;
      });
      if (outcome !== 'ok') throw codeError(outcome);
      return (await loadUser(db, 'id', u.id))!;
    },

    /**
     * Spends an e-mail change's code (sent to the new address, `email`) and applies the change; the user with the
     * new address (403 otp_invalid / otp_expired; 422 email_exists when another account took it meanwhile).
     */
    async confirmEmailChange(email: string, token: string): Promise<UserRow> {
      const pending = await db.query<{ id: string }>(
        `SELECT id FROM auth.users WHERE lower(email_change) = lower($1) ORDER BY email_change_sent_at DESC LIMIT 5`,
        [email],
      );
      if (!pending.rows.length) throw codeError('otp_invalid');
      let failure: 'otp_invalid' | 'otp_expired' = 'otp_invalid';
      for (const { id } of pending.rows) {
        const outcome = await db.transaction(async (tx) => {
          const u = (await tx.query<UserRow>('SELECT * FROM auth.users WHERE id = $1 FOR UPDATE', [id]))
            .rows[0];
          if (!u?.email_change || u.email_change.toLowerCase() !== email.toLowerCase()) return 'otp_invalid';
          const spent = await spendCode(tx, id, 'email_change', codeHash(id, 'email_change', email, token));
          if (spent !== 'ok') return spent;
          const taken = await tx.query(
            'SELECT 1 FROM auth.users WHERE lower(email) = lower($1) AND id <> $2',
            [email, id],
          );
          if (taken.rowCount) return 'email_exists';
          await tx.query(
            `UPDATE auth.users SET email = email_change, email_change = '', email_change_sent_at = NULL,
               email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
               raw_user_meta_data = CASE WHEN raw_user_meta_data ? 'email'
                 THEN raw_user_meta_data || jsonb_build_object('email', email_change) ELSE raw_user_meta_data END
             WHERE id = $1`,
            [id],
          );
          await tx.query(
            `UPDATE auth.identities SET email = $2, identity_data = identity_data || jsonb_build_object('email', $2::text) WHERE user_id = $1 AND provider = 'email'`,
            [id, u.email_change],
          );
          return 'ok';
        });
        if (outcome === 'ok') return (await loadUser(db, 'id', id))!;
        if (outcome === 'email_exists') throw emailTaken();
        if (outcome === 'otp_expired') failure = outcome;
      }
      throw codeError(failure);
    },

    /** Mails a new sign-up code to an unconfirmed address; unknown and confirmed addresses: nothing. */
    async resendSignupCode(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const u = await lockUserByEmail(tx, email);
        if (u && !u.email_confirmed_at) await sendCode(tx, u, 'signup');
      });
    },

    /**
     * The user these credentials sign in (400 invalid_credentials / email_not_confirmed). An unknown address costs
     * the same bcrypt comparison as a known one (passwordMatches).
     */
    async checkPassword(email: string, password: string): Promise<UserRow> {
      const u = await loadUser(db, 'email', email);
      const ok = await passwordMatches(u, password);
      if (!u || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      if (!u.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return u;
    },

    /**
     * Updates the user, who has proven it is them (the route checks the current password or a recent sign-in): a
     * new e-mail address waits as `new_email` until the code mailed to it is entered (confirmEmailChange), a new
     * password ends every other session of the user (the one making the change, `sessionId`, stays), metadata
     * changes at once. The user as GoTrue answers it.
     */
    async updateUser(
      user: UserRow,
      sessionId: string | null,
      change: { email?: string; password?: string; data?: Record<string, unknown> },
    ) {
      if (change.email && change.email !== user.email.toLowerCase()) {
        if (await loadUser(db, 'email', change.email)) throw emailTaken();
        const to = change.email;
        await db.transaction(async (tx) => {
          const u = (await tx.query<UserRow>('SELECT * FROM auth.users WHERE id = $1 FOR UPDATE', [user.id]))
            .rows[0];
          if (!u)
            throw new AuthError(
              401,
              'user_not_found',
              'This account no longer exists. Please sign in again.',
            );
          await tx.query(
            'UPDATE auth.users SET email_change = $2, email_change_sent_at = now(), updated_at = now() WHERE id = $1',
            [user.id, to],
          );
          await sendCode(tx, u, 'email_change', to);
        });
      }
      if (change.password) {
        const hash = await bcrypt.hash(change.password, BCRYPT_COST);
        await db.transaction(async (tx) => {
          await tx.query('UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1', [
            user.id,
            hash,
          ]);
          // Whoever signed in with the old password (or holds a stolen refresh token) is signed out.
          await tx.query(
            'DELETE FROM auth.sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)',
            [user.id, sessionId],
          );
        });
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
  };
}
