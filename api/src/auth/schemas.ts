import { z } from 'zod';

/**
 * The answers of the Supabase-compatible /auth/v1 routes, as GoTrue shapes them (what supabase-js reads). They are
 * passthrough: the protocol is GoTrue's, so the document names the fields supabase-js relies on and the answer
 * keeps everything else GoTrue sends.
 */
const json = z.record(z.unknown());
const time = z.string().nullable();

export const GoTrueUser = z
  .object({
    id: z.string(),
    aud: z.string(),
    role: z.string(),
    email: z.string().nullable(),
    email_confirmed_at: time,
    confirmation_sent_at: time,
    last_sign_in_at: time,
    app_metadata: json,
    user_metadata: json,
    /** Empty for a repeated sign-up of a confirmed address (GoTrue with confirmations on). */
    identities: z.array(json),
    created_at: time,
    updated_at: time,
    /** A pending e-mail change: the new address, which applies once the code mailed to it is verified. */
    new_email: z.string().optional(),
    email_change_sent_at: time.optional(),
  })
  .passthrough();

export const GoTrueSession = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number(),
    expires_at: z.number(),
    refresh_token: z.string(),
    user: GoTrueUser,
  })
  .passthrough();

export const GoTrueSettings = z
  .object({
    external: z.record(z.boolean()),
    disable_signup: z.boolean(),
    mailer_autoconfirm: z.boolean(),
    phone_autoconfirm: z.boolean(),
    sms_provider: z.string(),
    saml_enabled: z.boolean(),
  })
  .passthrough();

export const GoTrueHealth = z
  .object({ version: z.string(), name: z.string(), description: z.string() })
  .passthrough();

/** GoTrue's error body: `code` / `error_code` name the reason (supabase-js maps them), `msg` and `message` say it. */
export const GoTrueError = z
  .object({
    code: z.string().optional(),
    error_code: z.string().optional(),
    msg: z.string(),
    message: z.string().optional(),
  })
  .passthrough();

export const goTrueErrors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, GoTrueError.describe(GOTRUE_ERROR_TEXT[s] ?? 'GoTrue error')]));

const GOTRUE_ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input or credentials',
  401: 'No valid bearer token, or its account or session is gone',
  403: 'Invalid or expired code',
  409: 'Conflict',
  413: 'Request body is too large',
  422: 'Unprocessable',
  429: 'Too many requests (rate limit)',
};

/** PostgREST's error body. */
export const PostgrestError = z
  .object({
    code: z.string().optional(),
    message: z.string(),
    details: z.unknown().optional(),
    hint: z.unknown().optional(),
  })
  .passthrough();

export const postgrestErrors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      PostgrestError.describe(
        s === 401 ? 'Invalid bearer token' : s === 404 ? 'No such table' : 'PostgREST error',
      ),
    ]),
  );
