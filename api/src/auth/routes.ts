import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NewPassword } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import { HttpError } from '../http/errors';
import { nonJson, unvalidated } from '../http/route-contract';
import { GoTrueHealth, GoTrueSession, GoTrueSettings, GoTrueUser, goTrueErrors } from './schemas';
import { signJwt } from './jwt';
import { hitRateLimit } from './rate-limit';
import { deadIdentity, deadIdentityError, requestClaims } from './service';

/** GoTrue-style error: the client reads `code` (with the API version header) and `msg`/`message`. */
export class AuthError extends HttpError {
  constructor(status: number, code: string, message: string) {
    super(status, message, code);
  }
}

interface UserRow {
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
const emailSchema = z.string().trim().toLowerCase().email('Invalid email address').max(255);
// bcrypt reads only the first 72 bytes: a longer password is refused rather than silently cut (the schema the
// sign-up form validates with, from the contracts).
const passwordSchema = NewPassword;
const metaSchema = z.record(z.unknown()).optional();

async function loadUser(db: Queryable, where: 'id' | 'email', value: string): Promise<UserRow | null> {
  const col = where === 'id' ? 'id = $1' : 'lower(email) = lower($1)';
  const r = await db.query<UserRow>(`SELECT * FROM auth.users WHERE ${col}`, [value]);
  return r.rows[0] ?? null;
}

async function userJson(db: Queryable, u: UserRow, opts: { obfuscate?: boolean } = {}) {
  const ids = opts.obfuscate
    ? []
    : (await db.query<IdentityRow>('SELECT * FROM auth.identities WHERE user_id = $1 ORDER BY created_at', [u.id])).rows.map((i) => ({
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

const newRefreshToken = () => randomBytes(24).toString('base64url');

export function createSessionIssuer(deps: Deps) {
  const { db, config } = deps;
  async function accessToken(u: UserRow, sessionId: string) {
    return signJwt(
      config.jwtSecret,
      {
        iss: `${config.supabaseUrl ?? 'http://localhost:' + config.port}/auth/v1`,
        sub: u.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: u.email,
        phone: '',
        session_id: sessionId,
        app_metadata: u.raw_app_meta_data ?? {},
        user_metadata: u.raw_user_meta_data ?? {},
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        is_anonymous: false,
      },
      config.jwtExpiry,
    );
  }
  async function sessionJson(u: UserRow, sessionId: string, refreshToken: string) {
    const now = Math.floor(Date.now() / 1000);
    return {
      access_token: await accessToken(u, sessionId),
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: now + config.jwtExpiry,
      refresh_token: refreshToken,
      user: await userJson(db, u),
    };
  }
  return {
    async create(u: UserRow) {
      const token = newRefreshToken();
      const sessionId = await db.transaction(async (tx) => {
        const s = await tx.query<{ id: string }>('INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id', [u.id]);
        const sid = s.rows[0]!.id;
        await tx.query('INSERT INTO auth.refresh_tokens (token, user_id, session_id) VALUES ($1, $2, $3)', [token, u.id, sid]);
        await tx.query('UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1', [u.id]);
        return sid;
      });
      const fresh = (await loadUser(db, 'id', u.id))!;
      return sessionJson(fresh, sessionId, token);
    },
    /** Rotates a refresh token: the old one is spent; presenting a spent one again is refused. */
    async refresh(token: string) {
      const rotated = await db.transaction(async (tx) => {
        const r = await tx.query<{ id: string; user_id: string; revoked: boolean; session_id: string | null }>(
          'SELECT id, user_id, revoked, session_id FROM auth.refresh_tokens WHERE token = $1 FOR UPDATE',
          [token],
        );
        const row = r.rows[0];
        if (!row || !row.session_id) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (row.revoked) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        const next = newRefreshToken();
        await tx.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [row.id]);
        await tx.query('INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent) VALUES ($1, $2, $3, $4)', [
          next,
          row.user_id,
          row.session_id,
          token,
        ]);
        await tx.query('UPDATE auth.sessions SET updated_at = now() WHERE id = $1', [row.session_id]);
        return { next, userId: row.user_id, sessionId: row.session_id };
      });
      const u = await loadUser(db, 'id', rotated.userId);
      if (!u) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return sessionJson(u, rotated.sessionId, rotated.next);
    },
  };
}

function otpHash(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export async function registerAuthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config, mailer } = deps;
  const sessions = createSessionIssuer(deps);
  const limit = (req: FastifyRequest, action: string, email?: string) =>
    hitRateLimit(db, config, [
      { key: `ip:${action}:${clientIp(req)}`, max: config.rateLimit.perIp },
      ...(email ? [{ key: `email:${action}:${email}`, max: config.rateLimit.perEmail }] : []),
    ]);

  // The consent page posts a plain HTML form.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  /**
   * Replaces the user's sign-up code and mails the new one, inside the caller's transaction, which must hold the
   * user's row (FOR UPDATE): parallel sign-ups and resends for one address then take turns, and the last mail in
   * the mailbox always carries the one code that is still valid (the mailbox row commits with the code).
   */
  async function sendSignupCode(tx: Queryable, user: UserRow) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query('UPDATE wf_auth.otp_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [user.id, 'signup']);
    await tx.query(
      `INSERT INTO wf_auth.otp_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, 'signup', $2, now() + make_interval(secs => $3))`,
      [user.id, otpHash(config.jwtSecret, user.id, code), config.otpTtlSeconds],
    );
    await tx.query('UPDATE auth.users SET confirmation_sent_at = now() WHERE id = $1', [user.id]);
    const minutes = Math.max(1, Math.round(config.otpTtlSeconds / 60));
    await mailer.send(
      {
        to: user.email,
        subject: 'Your Wayfarer confirmation code',
        text: `Your Wayfarer confirmation code is ${code}. It is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      tx,
    );
  }

  /** The user with this address, its row locked until the transaction ends (null when there is none). */
  const lockUserByEmail = async (tx: Queryable, email: string) =>
    (await tx.query<UserRow>('SELECT * FROM auth.users WHERE lower(email) = lower($1) FOR UPDATE', [email])).rows[0] ?? null;

  async function currentUser(req: FastifyRequest) {
    const claims = await requestClaims(req, config);
    if (!claims || claims.role !== 'authenticated' || !claims.sub) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    }
    // A deleted account or an ended session is a 401 here as on every product route (GoTrue's codes, which
    // supabase-js reads to drop its stored session).
    const dead = await deadIdentity(db, claims);
    if (dead) throw deadIdentityError(dead);
    const u = await loadUser(db, 'id', claims.sub);
    if (!u) throw deadIdentityError('user_not_found');
    return { user: u, claims };
  }

  await app.register(
    async (auth) => {
      auth.addHook('onSend', async (_req, reply: FastifyReply, payload) => {
        void reply.header('X-Supabase-Api-Version', '2024-01-01');
        return payload;
      });
      // GoTrue-shaped error bodies for everything under /auth/v1.
      auth.setErrorHandler((err, req, reply) => {
        if (err instanceof HttpError) {
          return reply.code(err.status).send({ code: err.code ?? 'unexpected_failure', error_code: err.code, msg: err.message, message: err.message });
        }
        if (err instanceof z.ZodError) {
          const msg = err.issues.map((i) => i.message).join('; ');
          return reply.code(400).send({ code: 'validation_failed', error_code: 'validation_failed', msg, message: msg });
        }
        const fe = err as { statusCode?: number; message: string };
        if (fe.statusCode && fe.statusCode < 500) {
          const msg = fe.statusCode === 413 ? 'Request body is too large' : 'Malformed request body';
          return reply.code(fe.statusCode).send({ code: 'bad_json', error_code: 'bad_json', msg, message: msg });
        }
        req.log.error({ err }, 'auth error');
        return reply.code(500).send({ code: 'unexpected_failure', error_code: 'unexpected_failure', msg: 'Internal error', message: 'Internal error' });
      });

      auth.get('/settings', { schema: { summary: 'Auth settings (providers)', response: { 200: GoTrueSettings } } }, async () => ({
        external: { email: true, google: true, phone: false },
        disable_signup: false,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      }));

      auth.get('/health', { schema: { summary: 'Auth health', response: { 200: GoTrueHealth } } }, async () => ({ version: 'wayfarer-local', name: 'GoTrue', description: 'Wayfarer local auth' }));

      const signupBody = z.object({
        email: emailSchema,
        password: passwordSchema,
        data: metaSchema,
        code_challenge: z.string().optional().nullable(),
        code_challenge_method: z.string().optional().nullable(),
      }).passthrough();
      auth.post('/signup', { schema: { summary: 'Sign up with e-mail and password; a 6-digit code goes to the mailbox', body: unvalidated(signupBody, 'Read by the handler (GoTrue error shape)'), response: { 200: GoTrueUser, ...goTrueErrors(400, 422, 429) } } }, async (req) => {
        const body = signupBody.parse(req.body);
        await limit(req, 'signup', body.email);
        const hash = await bcrypt.hash(body.password, 10);
        const outcome = await db.transaction(async (tx) => {
          // Parallel sign-ups of one new address: one INSERT wins; the others wait for it to commit, insert nothing
          // and go on as a repeated sign-up below, so every one of them gets a repeated sign-up's answer.
          const inserted = await tx.query<UserRow>(
            `INSERT INTO auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data) VALUES ($1, $2, $3, $4)
             ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
            [
              body.email,
              hash,
              JSON.stringify({ provider: 'email', providers: ['email'] }),
              JSON.stringify({ ...(body.data ?? {}), email: body.email, email_verified: false, phone_verified: false }),
            ],
          );
          let user = inserted.rows[0];
          if (user) {
            await tx.query(
              `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, email) VALUES ($1, $4::uuid, $2, 'email', $3)`,
              [user.id, JSON.stringify({ sub: user.id, email: body.email, email_verified: false, phone_verified: false }), body.email, user.id],
            );
          } else {
            const existing = await lockUserByEmail(tx, body.email);
            // Deleted between the two statements: the client may simply try again.
            if (!existing) throw new AuthError(409, 'conflict', 'This address changed while signing up; please try again.');
            // As GoTrue with confirmations on: no error, an obfuscated user with no identities, nothing sent.
            if (existing.email_confirmed_at) return { id: existing.id, obfuscate: true };
            const updated = await tx.query<UserRow>(
              'UPDATE auth.users SET encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb, updated_at = now() WHERE id = $1 RETURNING *',
              [existing.id, hash, JSON.stringify(body.data ?? {})],
            );
            user = updated.rows[0]!;
          }
          await sendSignupCode(tx, user);
          return { id: user.id, obfuscate: false };
        });
        return userJson(db, (await loadUser(db, 'id', outcome.id))!, { obfuscate: outcome.obfuscate });
      });

      const verifyBody = z.object({
        email: emailSchema,
        token: z.string().trim().min(1, 'Token is required'),
        type: z.enum(['signup', 'email']),
      }).passthrough();
      auth.post('/verify', { schema: { summary: 'Verify the e-mail code', body: unvalidated(verifyBody, 'Read by the handler (GoTrue error shape)'), response: { 200: GoTrueSession, ...goTrueErrors(400, 403, 429) } } }, async (req) => {
        const body = verifyBody.parse(req.body);
        await limit(req, 'verify', body.email);
        const u = await loadUser(db, 'email', body.email);
        if (!u) throw new AuthError(403, 'otp_invalid', 'Token is invalid');
        const hash = otpHash(config.jwtSecret, u.id, body.token);
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
          const spent = await tx.query('UPDATE wf_auth.otp_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL', [match.id]);
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
        return sessions.create((await loadUser(db, 'id', u.id))!);
      });

      const resendBody = z.object({ email: emailSchema, type: z.enum(['signup']) }).passthrough();
      auth.post('/resend', { schema: { summary: 'Send the code again', body: unvalidated(resendBody, 'Read by the handler (GoTrue error shape)'), response: { 200: z.object({}).passthrough(), ...goTrueErrors(400, 429) } } }, async (req) => {
        const body = resendBody.parse(req.body);
        await limit(req, 'resend', body.email);
        await db.transaction(async (tx) => {
          const u = await lockUserByEmail(tx, body.email);
          // Unknown or already confirmed addresses get the same empty answer, so the endpoint reveals nothing.
          if (u && !u.email_confirmed_at) await sendSignupCode(tx, u);
        });
        return {};
      });

      const grantQuery = z.object({ grant_type: z.enum(['password', 'refresh_token', 'pkce']) });
      const passwordBody = z.object({ email: emailSchema, password: z.string().min(1, 'Password is required') }).passthrough();
      const refreshBody = z.object({ refresh_token: z.string().min(1, 'Refresh token is required') }).passthrough();
      const pkceBody = z.object({ auth_code: z.string().min(1), code_verifier: z.string().min(1) }).passthrough();
      auth.post('/token', { schema: {
          summary: 'Password sign-in (grant_type=password), refresh (refresh_token), PKCE exchange (pkce)',
          querystring: unvalidated(grantQuery, 'Read by the handler (GoTrue error shape)'),
          body: unvalidated(z.union([passwordBody, refreshBody, pkceBody]), 'Read by the handler (GoTrue error shape)'),
          response: { 200: GoTrueSession, ...goTrueErrors(400, 403, 429) },
        } }, async (req) => {
        const { grant_type } = grantQuery.parse(req.query);
        if (grant_type === 'password') {
          const body = passwordBody.parse(req.body);
          await limit(req, 'password', body.email);
          const u = await loadUser(db, 'email', body.email);
          const ok = u?.encrypted_password ? await bcrypt.compare(body.password, u.encrypted_password) : false;
          if (!u || !ok) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
          if (!u.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          return sessions.create(u);
        }
        if (grant_type === 'refresh_token') {
          const body = refreshBody.parse(req.body);
          return sessions.refresh(body.refresh_token);
        }
        const body = pkceBody.parse(req.body);
        const flow = await db.transaction(async (tx) => {
          const r = await tx.query<{ user_id: string | null; code_challenge: string; used_at: unknown; fresh: boolean }>(
            `SELECT user_id, code_challenge, used_at, created_at > now() - interval '10 minutes' AS fresh
             FROM wf_auth.flow_state WHERE auth_code = $1 FOR UPDATE`,
            [body.auth_code],
          );
          const row = r.rows[0];
          if (!row || row.used_at || !row.fresh || !row.user_id) {
            throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
          }
          await tx.query('UPDATE wf_auth.flow_state SET used_at = now() WHERE auth_code = $1', [body.auth_code]);
          return row;
        });
        if (s256(body.code_verifier) !== flow.code_challenge && body.code_verifier !== flow.code_challenge) {
          throw new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
        }
        return sessions.create((await loadUser(db, 'id', flow.user_id!))!);
      });

      auth.get('/user', { schema: { summary: 'The signed-in user', 'x-auth': 'user', response: { 200: GoTrueUser, ...goTrueErrors(401) } } }, async (req) => userJson(db, (await currentUser(req)).user));

      const updateBody = z.object({
        email: emailSchema.optional(),
        password: passwordSchema.optional(),
        data: metaSchema,
      }).passthrough();
      auth.put('/user', { schema: { summary: 'Update the signed-in user (e-mail, password, metadata)', 'x-auth': 'user', body: unvalidated(updateBody, 'Read by the handler (GoTrue error shape)'), response: { 200: GoTrueUser, ...goTrueErrors(400, 401) } } }, async (req) => {
        const { user } = await currentUser(req);
        const body = updateBody.parse(req.body);
        if (body.email && body.email !== user.email.toLowerCase()) {
          const taken = await loadUser(db, 'email', body.email);
          if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
          // Local stand-in: the address changes at once (no confirmation mail round trip). The unique index has the
          // last word when another account takes the address at the same moment.
          await db.query('UPDATE auth.users SET email = $2, updated_at = now() WHERE id = $1', [user.id, body.email]).catch((err: unknown) => {
            if ((err as { code?: string }).code === '23505') throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
            throw err;
          });
          await db.query(`UPDATE auth.identities SET email = $2, identity_data = identity_data || jsonb_build_object('email', $2::text) WHERE user_id = $1 AND provider = 'email'`, [user.id, body.email]);
        }
        if (body.password) {
          await db.query('UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1', [user.id, await bcrypt.hash(body.password, 10)]);
        }
        if (body.data) {
          await db.query('UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() WHERE id = $1', [
            user.id,
            JSON.stringify(body.data),
          ]);
        }
        return userJson(db, (await loadUser(db, 'id', user.id))!);
      });

      const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
      auth.post('/logout', { schema: { summary: 'Sign out (this session, others or all)', 'x-auth': 'user', querystring: unvalidated(logoutQuery, 'Read by the handler (GoTrue error shape)'), response: { 204: { description: 'Signed out', type: 'null' }, ...goTrueErrors(400, 401) } } }, async (req, reply) => {
        const { scope } = logoutQuery.parse(req.query);
        const { user, claims } = await currentUser(req);
        const sid = claims.session_id ?? null;
        if (scope === 'global' || !sid) await db.query('DELETE FROM auth.sessions WHERE user_id = $1', [user.id]);
        else if (scope === 'local') await db.query('DELETE FROM auth.sessions WHERE id = $1', [sid]);
        else await db.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [user.id, sid]);
        // Tokens without a session (deleted above by cascade) are gone; revoke any leftovers for safety.
        await db.query('UPDATE auth.refresh_tokens SET revoked = true WHERE session_id IS NULL AND user_id = $1', [user.id]);
        return reply.code(204).send();
      });

      // Google stand-in: a local consent page; the form signs in or creates a Google-style identity.
      const authorizeQuery = z.object({
        provider: z.enum(['google']),
        redirect_to: z.string().optional(),
        code_challenge: z.string().min(1, 'code_challenge is required (PKCE flow)'),
        code_challenge_method: z.string().optional(),
        scopes: z.string().optional(),
      }).passthrough();
      const allowedRedirect = (target: string | undefined) => {
        if (!target) return config.publicSiteOrigin;
        try {
          const u = new URL(target);
          return config.corsOrigins.includes(u.origin) || u.origin === config.publicSiteOrigin ? u.toString() : config.publicSiteOrigin;
        } catch {
          return config.publicSiteOrigin;
        }
      };
      auth.get('/authorize', { schema: { summary: 'OAuth sign-in (local Google stand-in consent page)', querystring: unvalidated(authorizeQuery, 'Read by the handler (GoTrue error shape)'), response: { 200: nonJson('text/html', 'The consent page'), ...goTrueErrors(400) } } }, async (req, reply) => {
        const q = authorizeQuery.parse(req.query);
        const hidden = (n: string, v: string) => `<input type="hidden" name="${n}" value="${esc(v)}">`;
        void reply.type('text/html; charset=utf-8').send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>Sign in with Google (local stand-in)</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}` +
            `label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font:inherit}button{margin-top:1rem;padding:.6rem 1.2rem;font:inherit}</style></head>` +
            `<body><main><h1>Sign in with Google</h1><p>Local stand-in for Google sign-in. Enter the Google account to use; it is created if it does not exist.</p>` +
            `<form method="post" action="${esc(req.url.split('?')[0]!)}/consent">` +
            hidden('redirect_to', allowedRedirect(q.redirect_to)) +
            hidden('code_challenge', q.code_challenge) +
            hidden('code_challenge_method', q.code_challenge_method ?? 's256') +
            `<label>E-mail<input type="email" name="email" required autocomplete="email"></label>` +
            `<label>Name<input type="text" name="name" required autocomplete="name"></label>` +
            `<button type="submit">Continue</button></form></main></body></html>`,
        );
      });

      const consentBody = z.object({
        email: emailSchema,
        name: z.string().trim().min(1, 'Name is required').max(200),
        redirect_to: z.string().optional(),
        code_challenge: z.string().min(1),
        code_challenge_method: z.string().optional(),
      });
      auth.post('/authorize/consent', { schema: {
          summary: 'OAuth consent; redirects back with a code',
          consumes: ['application/x-www-form-urlencoded'],
          body: unvalidated(consentBody, 'Read by the handler (GoTrue error shape)'),
          response: { 303: { description: 'Back to redirect_to with ?code=…', type: 'null' }, ...goTrueErrors(400) },
        } }, async (req, reply) => {
        const body = consentBody.parse(req.body);
        await limit(req, 'oauth', body.email);
        const googleId = createHash('sha256').update(`google:${body.email}`).digest('hex').slice(0, 21);
        const [first, ...rest] = body.name.split(/\s+/);
        const identityData = {
          sub: googleId,
          provider_id: googleId,
          email: body.email,
          email_verified: true,
          name: body.name,
          full_name: body.name,
          given_name: first,
          family_name: rest.join(' ') || undefined,
          iss: 'https://accounts.google.com',
        };
        const userId = await db.transaction(async (tx) => {
          // ON CONFLICT: two consents for one new address at once make one user (the other takes the update path).
          const r = await tx.query<{ id: string }>(
            `INSERT INTO auth.users (email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) VALUES ($1, now(), $2, $3)
             ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
            [body.email, JSON.stringify({ provider: 'google', providers: ['google'] }), JSON.stringify(identityData)],
          );
          let id = r.rows[0]?.id;
          if (!id) {
            id = (await lockUserByEmail(tx, body.email))?.id;
            if (!id) throw new AuthError(409, 'conflict', 'This address changed while signing in; please try again.');
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
            [googleId, id, JSON.stringify(identityData), body.email],
          );
          return id;
        });
        const code = randomBytes(18).toString('base64url');
        await db.query(
          `INSERT INTO wf_auth.flow_state (auth_code, user_id, code_challenge, code_challenge_method, provider, redirect_to) VALUES ($1, $2, $3, $4, 'google', $5)`,
          [code, userId, body.code_challenge, body.code_challenge_method ?? 's256', body.redirect_to ?? null],
        );
        const target = new URL(allowedRedirect(body.redirect_to));
        target.searchParams.set('code', code);
        return reply.redirect(target.toString(), 303);
      });
    },
    { prefix: '/auth/v1' },
  );
}
