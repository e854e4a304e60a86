import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import { apiBaseOf } from '../http/public-base';
import { nonJson, unvalidated } from '../http/route-contract';
import { AuthError } from './accounts';
import { createOAuthService, createOidcClient, pkceMethodOf, type OidcClient } from './oauth';
import { goTrueErrors } from './schemas';

/**
 * GoTrue's OAuth routes for Google: /authorize sends the browser to Google (OpenID Connect, when GOOGLE_CLIENT_ID is
 * set) or, in development with AUTH_GOOGLE_STANDIN, to a local consent page; /callback takes Google's answer back.
 * Either way the browser returns to redirect_to with ?code=… for supabase-js's PKCE exchange, or with GoTrue's
 * ?error=…&error_description=… when the sign-in is refused.
 */
const emailSchema = z.string().trim().toLowerCase().email('Invalid email address').max(255);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether Google sign-in is offered at all (GET /auth/v1/settings tells the client). */
export const googleAvailable = (config: Deps['config']) =>
  Boolean(config.google.oidc || config.google.standIn);

export function registerOAuthRoutes(
  auth: FastifyInstance,
  deps: Deps,
  limit: (req: FastifyRequest, action: string, email?: string) => Promise<void>,
): void {
  const { config } = deps;
  const oauth = createOAuthService(deps);
  const oidc: OidcClient | undefined = config.google.oidc ? createOidcClient(config.google.oidc) : undefined;

  const allowedRedirect = (target: string | undefined) => {
    if (!target) return config.publicSiteOrigin;
    try {
      const u = new URL(target);
      return config.corsOrigins.includes(u.origin) || u.origin === config.publicSiteOrigin
        ? u.toString()
        : config.publicSiteOrigin;
    } catch {
      return config.publicSiteOrigin;
    }
  };
  const backTo = (reply: FastifyReply, redirectTo: string, params: Record<string, string>, status = 303) => {
    const target = new URL(allowedRedirect(redirectTo));
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return reply.redirect(target.toString(), status);
  };
  const callbackUrl = (req: FastifyRequest) => `${apiBaseOf(config, req)}/auth/v1/callback`;

  const authorizeQuery = z
    .object({
      provider: z.enum(['google']),
      redirect_to: z.string().max(2048).optional(),
      code_challenge: z.string().min(1, 'code_challenge is required (PKCE flow)').max(128),
      code_challenge_method: z.string().max(16).optional(),
      scopes: z.string().max(1000).optional(),
    })
    .passthrough();
  auth.get(
    '/authorize',
    {
      schema: {
        summary: 'OAuth sign-in: to Google (OpenID Connect), or the development stand-in consent page',
        querystring: unvalidated(authorizeQuery, 'Read by the handler (GoTrue error shape)'),
        response: {
          200: nonJson('text/html', 'The development stand-in consent page'),
          302: { description: "To the provider's sign-in page", type: 'null' },
          ...goTrueErrors(400),
        },
      },
    },
    async (req, reply) => {
      const q = authorizeQuery.parse(req.query);
      const method = pkceMethodOf(q.code_challenge_method);
      if (!method) throw new AuthError(400, 'validation_failed', 'code challenge method not supported');
      const redirectTo = allowedRedirect(q.redirect_to);
      if (oidc) {
        await limit(req, 'oauth');
        const { state, nonce } = await oauth.startFlow({
          provider: 'google',
          codeChallenge: q.code_challenge,
          codeChallengeMethod: method,
          redirectTo,
        });
        return reply.redirect(
          await oidc.authorizationUrl({ redirectUri: callbackUrl(req), state, nonce }),
          302,
        );
      }
      if (!config.google.standIn) {
        throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
      }
      const hidden = (n: string, v: string) => `<input type="hidden" name="${n}" value="${esc(v)}">`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>Sign in with Google (development stand-in)</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2933}` +
            `.note{background:#fff4d6;border:1px solid #e6c45c;border-radius:6px;padding:.6rem .8rem}` +
            `label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem;font:inherit}</style></head>` +
            `<body><main><h1>Sign in with Google</h1><p class="note" role="note">Development stand-in: this server has no Google client configured, ` +
            `so this page plays Google's part. Enter the Google account to use; it is created if it does not exist.</p>` +
            `<form method="post" action="${esc(req.url.split('?')[0]!)}/consent">` +
            hidden('redirect_to', redirectTo) +
            hidden('code_challenge', q.code_challenge) +
            hidden('code_challenge_method', method) +
            `<label>E-mail<input type="email" name="email" required autocomplete="email"></label>` +
            `<label>Name<input type="text" name="name" required autocomplete="name"></label>` +
            `<button type="submit">Continue</button></form></main></body></html>`,
        );
    },
  );

  // Registered with or without a provider (as GoTrue's is): without one no flow is ever pending, so it answers 404.
  {
    const callbackQuery = z
      .object({
        state: z.string().min(1).max(64),
        code: z.string().min(1).max(2048).optional(),
        error: z.string().max(200).optional(),
        error_description: z.string().max(1000).optional(),
      })
      .passthrough();
    auth.get(
      '/callback',
      {
        schema: {
          summary: "The provider's answer: back to the site with a code for the PKCE exchange, or an error",
          querystring: unvalidated(callbackQuery, 'Read by the handler (GoTrue error shape)'),
          response: {
            303: { description: 'Back to redirect_to with ?code=… or ?error=…', type: 'null' },
            ...goTrueErrors(400, 404),
          },
        },
      },
      async (req, reply) => {
        const q = callbackQuery.parse(req.query);
        const flow = oidc ? await oauth.pendingFlow(q.state) : null;
        if (!oidc || !flow)
          throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        const redirectTo = flow.redirect_to ?? config.publicSiteOrigin;
        if (q.error || !q.code) {
          await oauth.abandonFlow(q.state);
          return backTo(reply, redirectTo, {
            error: 'access_denied',
            error_description: q.error_description ?? q.error ?? 'The sign-in was cancelled',
          });
        }
        try {
          const identity = await oidc.identityFromCode({
            code: q.code,
            redirectUri: callbackUrl(req),
            nonce: flow.oauth_nonce,
          });
          return backTo(reply, redirectTo, { code: await oauth.finishFlow(q.state, identity) });
        } catch (err) {
          if (!(err instanceof HttpError) || err.status >= 500)
            req.log.warn({ err }, 'OAuth callback refused');
          const message = err instanceof HttpError ? err.message : 'The sign-in could not be completed';
          // A refused answer spends the flow: its state cannot be tried again with another code.
          await oauth.abandonFlow(q.state);
          return backTo(reply, redirectTo, { error: 'access_denied', error_description: message });
        }
      },
    );
  }

  if (config.google.standIn) {
    const consentBody = z.object({
      email: emailSchema,
      name: z.string().trim().min(1, 'Name is required').max(200),
      redirect_to: z.string().max(2048).optional(),
      code_challenge: z.string().min(1).max(128),
      code_challenge_method: z.string().max(16).optional(),
    });
    auth.post(
      '/authorize/consent',
      {
        schema: {
          summary: 'Development stand-in consent (never in production); redirects back with a code',
          consumes: ['application/x-www-form-urlencoded'],
          body: unvalidated(consentBody, 'Read by the handler (GoTrue error shape)'),
          response: {
            303: { description: 'Back to redirect_to with ?code=… or ?error=…', type: 'null' },
            ...goTrueErrors(400),
          },
        },
      },
      async (req, reply) => {
        const body = consentBody.parse(req.body);
        const method = pkceMethodOf(body.code_challenge_method);
        if (!method) throw new AuthError(400, 'validation_failed', 'code challenge method not supported');
        await limit(req, 'oauth', body.email);
        const redirectTo = allowedRedirect(body.redirect_to);
        try {
          const code = await oauth.standInConsent({
            email: body.email,
            name: body.name,
            codeChallenge: body.code_challenge,
            codeChallengeMethod: method,
            redirectTo,
          });
          return backTo(reply, redirectTo, { code });
        } catch (err) {
          if (err instanceof AuthError && err.status < 500) {
            return backTo(reply, redirectTo, { error: 'access_denied', error_description: err.message });
          }
          throw err;
        }
      },
    );
  }
}
