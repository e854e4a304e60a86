import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import type { Db, Queryable } from '../db/types';
import type { AuthService, AuthUser, Mailer } from '../deps';
import { HttpError } from '../http/errors';
import { verifyJwt, type AccessClaims } from './jwt';

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : null;
}

/** Verified claims of the request's bearer (or apikey), null when there is none. Throws 401 on a bad token. */
export async function requestClaims(req: FastifyRequest, config: Config): Promise<AccessClaims | null> {
  const apikey = req.headers.apikey;
  const token = bearer(req) ?? (typeof apikey === 'string' ? apikey : null);
  if (!token) return null;
  try {
    return await verifyJwt(config.jwtSecret, token);
  } catch (err) {
    const expired = err instanceof Error && /exp/i.test((err as { code?: string }).code ?? err.message);
    throw new HttpError(401, expired ? 'JWT expired' : 'Invalid JWT', expired ? 'bad_jwt' : 'bad_jwt');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a validly signed token no longer stands for anyone, as GoTrue's error codes name it. */
export type DeadIdentity = 'user_not_found' | 'session_not_found';

/**
 * A signature only proves the token was issued: its account may have been deleted since, or its session ended by
 * a sign-out (everywhere), a password change, a replayed refresh token or its lifetime (not_after: inactivity or
 * absolute, auth/sessions.ts). One query checks both, so a dead token is refused instead of writing rows whose
 * foreign keys point nowhere. Tokens without a session_id (service keys, tests) are checked on the user only.
 */
export async function deadIdentity(
  db: Queryable,
  claims: Pick<AccessClaims, 'sub' | 'session_id'>,
): Promise<DeadIdentity | null> {
  if (!UUID.test(claims.sub)) return 'user_not_found';
  const sessionId = claims.session_id ?? null;
  if (sessionId !== null && !UUID.test(sessionId)) return 'session_not_found';
  const { rows } = await db.query<{ user_ok: boolean; session_ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM auth.users WHERE id = $1::uuid) AS user_ok,
            ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM auth.sessions WHERE id = $2::uuid AND user_id = $1::uuid
               AND (not_after IS NULL OR not_after > now()))) AS session_ok`,
    [claims.sub, sessionId],
  );
  // The session first: a deleted account's sessions went with it, and session_not_found is the code on which
  // supabase-js drops its stored session (the browser signs out instead of retrying a dead token).
  if (!rows[0]?.session_ok) return 'session_not_found';
  return rows[0].user_ok ? null : 'user_not_found';
}

/** The 401 for a dead token; the code makes supabase-js drop its stored session (AuthSessionMissingError). */
export function deadIdentityError(reason: DeadIdentity): HttpError {
  return reason === 'user_not_found'
    ? new HttpError(401, 'This account no longer exists. Please sign in again.', 'user_not_found')
    : new HttpError(401, 'Your session has ended. Please sign in again.', 'session_not_found');
}

/**
 * The first statement of a write transaction made for a signed-in user: a KEY SHARE lock on the user's row keeps
 * the account from being deleted until the transaction ends (so every row it writes keeps a valid foreign key),
 * and a 401 when it was deleted after the token was checked. Account deletion locks the same row FOR UPDATE, so it
 * waits for the writes under way and the writes after it find no user.
 */
export async function holdUser(tx: Queryable, userId: string): Promise<void> {
  const r = await tx.query('SELECT 1 FROM auth.users WHERE id = $1 FOR KEY SHARE', [userId]);
  if (!r.rowCount) throw deadIdentityError('user_not_found');
}

/** db.transaction for a write made on behalf of a user, with holdUser as its first statement. */
export function transactionAs<T>(db: Db, userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await holdUser(tx, userId);
    return fn(tx);
  });
}

export function createAuthService(db: Db, config: Config): AuthService {
  const isAdmin = async (userId: string) =>
    (await db.query('SELECT 1 FROM public.admin_users WHERE user_id = $1', [userId])).rowCount > 0;
  // Once per request: the route's x-auth hook and its handler both ask.
  const users = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  const admins = new WeakMap<FastifyRequest, Promise<boolean>>();
  const getUser = (req: FastifyRequest): Promise<AuthUser | null> => {
    let u = users.get(req);
    if (!u) users.set(req, (u = readUser(req)));
    return u;
  };
  const readUser = async (req: FastifyRequest): Promise<AuthUser | null> => {
    const claims = await requestClaims(req, config);
    if (!claims || (claims.role !== 'authenticated' && claims.role !== 'service_role') || !claims.sub)
      return null;
    const dead = await deadIdentity(db, claims);
    if (dead) throw deadIdentityError(dead);
    return {
      id: claims.sub,
      email: claims.email ?? '',
      role: claims.role,
      sessionId: claims.session_id ?? null,
    };
  };
  const requireUser = async (req: FastifyRequest) => {
    const u = await getUser(req);
    if (!u) throw new HttpError(401, 'Authentication required');
    return u;
  };
  return {
    getUser,
    requireUser,
    isAdmin,
    async requireAdmin(req) {
      const u = await requireUser(req);
      let admin = admins.get(req);
      if (!admin) admins.set(req, (admin = isAdmin(u.id)));
      if (!(await admin)) throw new HttpError(403, 'Admins only');
      return u;
    },
  };
}

/** Stores every mail in the local mailbox table and prints it; the 6-digit code, if any, is kept for tests. */
export function createDbMailer(db: Db, log: (m: string) => void): Mailer {
  return {
    async send(mail, tx) {
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? null;
      await (tx ?? db).query(
        'INSERT INTO wf_auth.mailbox (to_email, subject, text_body, html_body, code) VALUES ($1, $2, $3, $4, $5)',
        [mail.to, mail.subject, mail.text, mail.html ?? null, code],
      );
      log(`mail to ${mail.to}: ${mail.subject}${code ? ` (code ${code})` : ''}`);
    },
  };
}
