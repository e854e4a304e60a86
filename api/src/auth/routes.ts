import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NewPassword } from '@wayfarer/contracts';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import { unvalidated } from '../http/route-contract';
import { AuthError, createAccountService, loadUser, passwordMatches, userJson } from './accounts';
import { refuseCommonPassword } from './common-passwords';
import { GoTrueHealth, GoTrueSession, GoTrueSettings, GoTrueUser, goTrueErrors } from './schemas';
import { claimSigninAttempt, hitRateLimit, RetryLaterError } from './rate-limit';
import { deadIdentity, deadIdentityError, requestClaims } from './service';
import { createSessionIssuer } from './sessions';
import { createOAuthService } from './oauth';
import { googleAvailable, registerOAuthRoutes } from './oauth-routes';

/**
 * The Supabase-compatible /auth/v1 routes (the GoTrue subset supabase-js uses). A handler reads: validate (its
 * declared schema, parsed here for GoTrue's error shape), rate-limit and authorise, call a service
 * (auth/accounts.ts, auth/sessions.ts: the SQL is there), answer.
 */
const emailSchema = z.string().trim().toLowerCase().email('Invalid email address').max(255);
// bcrypt reads only the first 72 bytes: a longer password is refused rather than silently cut (the schema the
// sign-up form validates with, from the contracts).
const passwordSchema = NewPassword;
/** user_metadata, at most USER_METADATA_MAX_BYTES as JSON (the column's own limit, migration 0203). */
const USER_METADATA_MAX_BYTES = 16_384;
const metaSchema = z
  .record(z.unknown())
  .refine(
    (v) => Buffer.byteLength(JSON.stringify(v)) <= USER_METADATA_MAX_BYTES,
    `data must be at most ${USER_METADATA_MAX_BYTES / 1024} KB of JSON`,
  )
  .optional();

function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export async function registerAuthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const accounts = createAccountService(deps);
  const sessions = createSessionIssuer(deps);
  const oauth = createOAuthService(deps);
  const limit = (req: FastifyRequest, action: string, email?: string) =>
    hitRateLimit(db, config, [
      { key: `ip:${action}:${clientIp(req)}`, max: config.rateLimit.perIp },
      ...(email ? [{ key: `email:${action}:${email}`, max: config.rateLimit.perEmail }] : []),
    ]);
  // Guesses (a password, a code) are slowed by failures only, per address and per IP (see claimSigninAttempt):
  // the owner's own successful sign-ins never count against them.
  const guess = (req: FastifyRequest, kind: 'password' | 'code', email: string) =>
    claimSigninAttempt(db, config, [
      { key: `${kind}:${email}`, after: config.signinBackoff.afterFailures, clearOnSuccess: true },
      { key: `ip:${clientIp(req)}`, after: config.signinBackoff.afterFailuresPerIp, clearOnSuccess: false },
    ]);

  // The consent page posts a plain HTML form.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

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
          if (err instanceof RetryLaterError) void reply.header('Retry-After', String(err.retryAfterSeconds));
          return reply.code(err.status).send({
            code: err.code ?? 'unexpected_failure',
            error_code: err.code,
            msg: err.message,
            message: err.message,
          });
        }
        if (err instanceof z.ZodError) {
          const msg = err.issues.map((i) => i.message).join('; ');
          return reply
            .code(400)
            .send({ code: 'validation_failed', error_code: 'validation_failed', msg, message: msg });
        }
        const fe = err as { statusCode?: number; message: string };
        if (fe.statusCode && fe.statusCode < 500) {
          const msg = fe.statusCode === 413 ? 'Request body is too large' : 'Malformed request body';
          return reply
            .code(fe.statusCode)
            .send({ code: 'bad_json', error_code: 'bad_json', msg, message: msg });
        }
        req.log.error({ err }, 'auth error');
        return reply.code(500).send({
          code: 'unexpected_failure',
          error_code: 'unexpected_failure',
          msg: 'Internal error',
          message: 'Internal error',
        });
      });

      auth.get(
        '/settings',
        { schema: { summary: 'Auth settings (providers)', response: { 200: GoTrueSettings } } },
        async () => ({
          external: { email: true, google: googleAvailable(config), phone: false },
          disable_signup: false,
          mailer_autoconfirm: false,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        }),
      );

      auth.get(
        '/health',
        { schema: { summary: 'Auth health', response: { 200: GoTrueHealth } } },
        async () => ({ version: 'wayfarer-local', name: 'GoTrue', description: 'Wayfarer local auth' }),
      );

      const signupBody = z
        .object({
          email: emailSchema,
          password: passwordSchema,
          data: metaSchema,
          code_challenge: z.string().optional().nullable(),
          code_challenge_method: z.string().optional().nullable(),
        })
        .passthrough();
      auth.post(
        '/signup',
        {
          schema: {
            summary: 'Sign up with e-mail and password; a 6-digit code goes to the mailbox',
            body: unvalidated(signupBody, 'Read by the handler (GoTrue error shape)'),
            response: { 200: GoTrueUser, ...goTrueErrors(400, 422, 429) },
          },
        },
        async (req) => {
          const body = signupBody.parse(req.body);
          await limit(req, 'signup', body.email);
          refuseCommonPassword(body.password);
          return accounts.signUp(body);
        },
      );

      const verifyBody = z
        .object({
          email: emailSchema,
          token: z.string().trim().min(1, 'Token is required'),
          type: z.enum(['signup', 'email', 'email_change']),
        })
        .passthrough();
      auth.post(
        '/verify',
        {
          schema: {
            summary:
              'Verify the e-mail code (sign-up, or an e-mail change: the code mailed to the new address)',
            body: unvalidated(verifyBody, 'Read by the handler (GoTrue error shape)'),
            response: { 200: GoTrueSession, ...goTrueErrors(400, 403, 429) },
          },
        },
        async (req) => {
          const body = verifyBody.parse(req.body);
          await limit(req, 'verify');
          const attempt = await guess(req, 'code', body.email);
          const user =
            body.type === 'email_change'
              ? await accounts.confirmEmailChange(body.email, body.token)
              : await accounts.confirmSignupCode(body.email, body.token);
          await attempt.succeeded();
          return sessions.create(user);
        },
      );

      const resendBody = z.object({ email: emailSchema, type: z.enum(['signup']) }).passthrough();
      auth.post(
        '/resend',
        {
          schema: {
            summary: 'Send the code again',
            body: unvalidated(resendBody, 'Read by the handler (GoTrue error shape)'),
            response: { 200: z.object({}).passthrough(), ...goTrueErrors(400, 429) },
          },
        },
        async (req) => {
          const body = resendBody.parse(req.body);
          await limit(req, 'resend', body.email);
          // Unknown or already confirmed addresses get the same empty answer, so the endpoint reveals nothing.
          await accounts.resendSignupCode(body.email);
          return {};
        },
      );

      const grantQuery = z.object({ grant_type: z.enum(['password', 'refresh_token', 'pkce']) });
      const passwordBody = z
        .object({ email: emailSchema, password: z.string().min(1, 'Password is required') })
        .passthrough();
      const refreshBody = z
        .object({ refresh_token: z.string().min(1, 'Refresh token is required') })
        .passthrough();
      const pkceBody = z
        .object({ auth_code: z.string().min(1), code_verifier: z.string().min(1) })
        .passthrough();
      auth.post(
        '/token',
        {
          schema: {
            summary: 'Password sign-in (grant_type=password), refresh (refresh_token), PKCE exchange (pkce)',
            querystring: unvalidated(grantQuery, 'Read by the handler (GoTrue error shape)'),
            body: unvalidated(
              z.union([passwordBody, refreshBody, pkceBody]),
              'Read by the handler (GoTrue error shape)',
            ),
            response: { 200: GoTrueSession, ...goTrueErrors(400, 403, 429) },
          },
        },
        async (req) => {
          const { grant_type } = grantQuery.parse(req.query);
          if (grant_type === 'password') {
            const body = passwordBody.parse(req.body);
            await limit(req, 'password');
            const attempt = await guess(req, 'password', body.email);
            const user = await accounts.checkPassword(body.email, body.password);
            await attempt.succeeded();
            return sessions.create(user);
          }
          if (grant_type === 'refresh_token') {
            const body = refreshBody.parse(req.body);
            return sessions.refresh(body.refresh_token);
          }
          const body = pkceBody.parse(req.body);
          return sessions.create(await oauth.redeemAuthCode(body.auth_code, body.code_verifier));
        },
      );

      auth.get(
        '/user',
        {
          schema: {
            summary: 'The signed-in user',
            'x-auth': 'user',
            response: { 200: GoTrueUser, ...goTrueErrors(401) },
          },
        },
        async (req) => userJson(db, (await currentUser(req)).user),
      );

      const updateBody = z
        .object({
          email: emailSchema.optional(),
          password: passwordSchema.optional(),
          current_password: z.string().max(1024).optional(),
          data: metaSchema,
        })
        .passthrough();
      auth.put(
        '/user',
        {
          schema: {
            summary:
              'Update the signed-in user (metadata; a new password or e-mail needs current_password or a recent sign-in, and a new e-mail its code)',
            'x-auth': 'user',
            body: unvalidated(updateBody, 'Read by the handler (GoTrue error shape)'),
            response: { 200: GoTrueUser, ...goTrueErrors(400, 401, 422, 429) },
          },
        },
        async (req) => {
          const { user, claims } = await currentUser(req);
          const body = updateBody.parse(req.body);
          const newEmail = body.email !== undefined && body.email !== user.email.toLowerCase();
          if (body.password !== undefined || newEmail) {
            // Someone holding a stolen access token must not lock the owner out: the current password, or a sign-in
            // of this session within the reauthentication window.
            if (body.current_password) {
              const attempt = await guess(req, 'password', user.email.toLowerCase());
              if (!(await passwordMatches(user, body.current_password)))
                throw new AuthError(400, 'current_password_mismatch', 'Current password is incorrect.');
              await attempt.succeeded();
            } else if (
              !(await sessions.signedInWithin(claims.session_id, config.sessions.reauthWindowSeconds))
            ) {
              throw new AuthError(
                400,
                'reauthentication_needed',
                'Enter your current password to change your password or e-mail address.',
              );
            }
            if (newEmail) await limit(req, 'email_change', body.email);
          }
          refuseCommonPassword(body.password);
          return accounts.updateUser(user, claims.session_id ?? null, body);
        },
      );

      const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });
      auth.post(
        '/logout',
        {
          schema: {
            summary: 'Sign out (this session, others or all)',
            'x-auth': 'user',
            querystring: unvalidated(logoutQuery, 'Read by the handler (GoTrue error shape)'),
            response: { 204: { description: 'Signed out', type: 'null' }, ...goTrueErrors(400, 401) },
          },
        },
        async (req, reply) => {
          const { scope } = logoutQuery.parse(req.query);
          const { user, claims } = await currentUser(req);
          await accounts.signOut(user.id, claims.session_id ?? null, scope);
          return reply.code(204).send();
        },
      );

      registerOAuthRoutes(auth, deps, limit);
    },
    { prefix: '/auth/v1' },
  );
}
