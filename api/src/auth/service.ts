import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from '../db/types';
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

export function createAuthService(db: Db, config: Config): AuthService {
  const isAdmin = async (userId: string) =>
    (await db.query('SELECT 1 FROM public.admin_users WHERE user_id = $1', [userId])).rowCount > 0;
  const getUser = async (req: FastifyRequest): Promise<AuthUser | null> => {
    const claims = await requestClaims(req, config);
    if (!claims || (claims.role !== 'authenticated' && claims.role !== 'service_role') || !claims.sub) return null;
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
      if (!(await isAdmin(u.id))) throw new HttpError(403, 'Admins only');
      return u;
    },
  };
}

/** Stores every mail in the local mailbox table and prints it; the 6-digit code, if any, is kept for tests. */
export function createDbMailer(db: Db, log: (m: string) => void): Mailer {
  return {
    async send(mail) {
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? null;
      await db.query(
        'INSERT INTO wf_auth.mailbox (to_email, subject, text_body, html_body, code) VALUES ($1, $2, $3, $4, $5)',
        [mail.to, mail.subject, mail.text, mail.html ?? null, code],
      );
      log(`mail to ${mail.to}: ${mail.subject}${code ? ` (code ${code})` : ''}`);
    },
  };
}
