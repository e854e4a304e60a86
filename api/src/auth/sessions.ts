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
  const { inactivitySeconds, timeboxSeconds, refreshReuseSeconds } = config.sessions;
  /**
   * When the session ends unless refreshed before (auth.sessions.not_after, checked with every access token by
   * deadIdentity): the inactivity lifetime from now, at most the absolute lifetime from its sign-in; NULL when
   * neither is set. `created` is the SQL expression of the session's sign-in time.
   */
  const notAfter = (created: string, timebox: string, inactivity: string) =>
    `least(CASE WHEN ${timebox}::int > 0 THEN ${created} + make_interval(secs => ${timebox}::int) END,
           CASE WHEN ${inactivity}::int > 0 THEN now() + make_interval(secs => ${inactivity}::int) END)`;
  const tokenError = (code: 'refresh_token_not_found' | 'refresh_token_already_used' | 'session_expired') =>
    code === 'refresh_token_not_found'
      ? new AuthError(400, code, 'Invalid Refresh Token: Refresh Token Not Found')
      : code === 'refresh_token_already_used'
        ? new AuthError(400, code, 'Invalid Refresh Token: Already Used')
        : new AuthError(400, code, 'Invalid Refresh Token: Session Expired');
  return {
    async create(u: UserRow) {
      const token = newRefreshToken();
      const sessionId = await db.transaction(async (tx) => {
        const s = await tx.query<{ id: string }>(
          `INSERT INTO auth.sessions (user_id, not_after) VALUES ($1, ${notAfter('now()', '$2', '$3')}) RETURNING id`,
          [u.id, timeboxSeconds, inactivitySeconds],
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

    /** Whether the session's sign-in (password, code) is at most `seconds` old: a recent sign-in. */
    async signedInWithin(sessionId: string | null | undefined, seconds: number): Promise<boolean> {
      if (!sessionId || seconds <= 0) return false;
      const r = await db.query(
        'SELECT 1 FROM auth.sessions WHERE id = $1 AND created_at > now() - make_interval(secs => $2)',
        [sessionId, seconds],
      );
      return r.rowCount > 0;
    },

    /**
     * Rotates a refresh token: the old one is spent. A session past its inactivity or absolute lifetime ends here.
     * A spent token presented again within the reuse interval answers with the session's current token (two tabs
     * refreshing at once both stay signed in); later, it is taken for a stolen token and ends the whole session,
     * the successor tokens and access tokens included (as GoTrue revokes the token family).
     */
    async refresh(token: string) {
      type Outcome =
        | { error: 'refresh_token_not_found' | 'refresh_token_already_used' | 'session_expired' }
        | { error?: undefined; next: string; userId: string; sessionId: string };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const r = await tx.query<{
          id: string;
          user_id: string;
          revoked: boolean;
          session_id: string | null;
          reusable: boolean;
        }>(
          `SELECT id, user_id, revoked, session_id, updated_at > now() - make_interval(secs => $2) AS reusable
           FROM auth.refresh_tokens WHERE token = $1 FOR UPDATE`,
          [token, refreshReuseSeconds],
        );
        const row = r.rows[0];
        if (!row?.session_id) return { error: 'refresh_token_not_found' };
        const s = await tx.query<{ ended: boolean }>(
          `SELECT (not_after IS NOT NULL AND not_after <= now())
              OR ($2::int > 0 AND created_at <= now() - make_interval(secs => $2::int))
              OR ($3::int > 0 AND coalesce(refreshed_at, created_at) <= now() - make_interval(secs => $3::int)) AS ended
           FROM auth.sessions WHERE id = $1 FOR UPDATE`,
          [row.session_id, timeboxSeconds, inactivitySeconds],
        );
        if (!s.rows[0]) return { error: 'refresh_token_not_found' };
        if (s.rows[0].ended) {
          await tx.query('DELETE FROM auth.sessions WHERE id = $1', [row.session_id]);
          return { error: 'session_expired' };
        }
        if (row.revoked) {
          const active = row.reusable
            ? (
                await tx.query<{ token: string }>(
                  'SELECT token FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked ORDER BY id DESC LIMIT 1',
                  [row.session_id],
                )
              ).rows[0]
            : undefined;
          if (active) return { next: active.token, userId: row.user_id, sessionId: row.session_id };
          await tx.query('DELETE FROM auth.sessions WHERE id = $1', [row.session_id]);
          return { error: 'refresh_token_already_used' };
        }
        const next = newRefreshToken();
        await tx.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [
          row.id,
        ]);
        await tx.query(
          'INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent) VALUES ($1, $2, $3, $4)',
          [next, row.user_id, row.session_id, token],
        );
        await tx.query(
          `UPDATE auth.sessions SET updated_at = now(), refreshed_at = now(), not_after = ${notAfter('created_at', '$2', '$3')}
           WHERE id = $1`,
          [row.session_id, timeboxSeconds, inactivitySeconds],
        );
        return { next, userId: row.user_id, sessionId: row.session_id };
      });
      // The session's end is committed before the error is answered.
      if (outcome.error) throw tokenError(outcome.error);
      const u = await loadUser(db, 'id', outcome.userId);
      if (!u) throw tokenError('refresh_token_not_found');
      return sessionJson(u, outcome.sessionId, outcome.next);
    },
  };
}
