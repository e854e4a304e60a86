import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps';
import { AuthError, loadUser, userJson, type UserRow } from './accounts';
import { signJwt } from './jwt';

/** Sessions of the /auth/v1 routes: a session row, its refresh tokens (rotated) and the access token (JWT). */
const newRefreshToken = () => randomBytes(24).toString('base64url');

export function createSessionIssuer(deps: Pick<Deps, 'db' | 'config'>) {
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
        const s = await tx.query<{ id: string }>(
          'INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id',
          [u.id],
        );
        const sid = s.rows[0]!.id;
        await tx.query('INSERT INTO auth.refresh_tokens (token, user_id, session_id) VALUES ($1, $2, $3)', [
          token,
          u.id,
          sid,
        ]);
        await tx.query('UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1', [u.id]);
        return sid;
      });
      const fresh = (await loadUser(db, 'id', u.id))!;
      return sessionJson(fresh, sessionId, token);
    },
    /** Rotates a refresh token: the old one is spent; presenting a spent one again is refused. */
    async refresh(token: string) {
      const rotated = await db.transaction(async (tx) => {
        const r = await tx.query<{
          id: string;
          user_id: string;
          revoked: boolean;
          session_id: string | null;
        }>('SELECT id, user_id, revoked, session_id FROM auth.refresh_tokens WHERE token = $1 FOR UPDATE', [
          token,
        ]);
        const row = r.rows[0];
        if (!row || !row.session_id)
          throw new AuthError(
            400,
            'refresh_token_not_found',
            'Invalid Refresh Token: Refresh Token Not Found',
          );
        if (row.revoked)
          throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        const next = newRefreshToken();
        await tx.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [
          row.id,
        ]);
        await tx.query(
          'INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent) VALUES ($1, $2, $3, $4)',
          [next, row.user_id, row.session_id, token],
        );
        await tx.query('UPDATE auth.sessions SET updated_at = now() WHERE id = $1', [row.session_id]);
        return { next, userId: row.user_id, sessionId: row.session_id };
      });
      const u = await loadUser(db, 'id', rotated.userId);
      if (!u)
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return sessionJson(u, rotated.sessionId, rotated.next);
    },
  };
}
