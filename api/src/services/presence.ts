import type { Queryable } from '../db/types';

/** A heartbeat: the session's last sight of the user (online users), and a page view when a path is given. */
export async function recordHeartbeat(
  q: Queryable,
  hb: { sessionId: string; userId: string | null; ip: string; path: string | undefined },
): Promise<void> {
  await q.query(
    `INSERT INTO public.presence (session_id, user_id, ip_address, path, last_seen) VALUES ($1,$2,$3,$4, now())
     ON CONFLICT (session_id) DO UPDATE SET user_id = EXCLUDED.user_id, ip_address = EXCLUDED.ip_address, path = EXCLUDED.path, last_seen = now()`,
    [hb.sessionId, hb.userId, hb.ip, hb.path ?? null],
  );
  if (hb.path)
    await q.query("INSERT INTO public.analytics_events (kind, user_id, meta) VALUES ('page_view', $1, $2)", [
      hb.userId,
      JSON.stringify({ path: hb.path }),
    ]);
}

/** Deletes the presence rows not seen for `ttlSeconds` (online users looks back minutes, not days). */
export async function sweepPresence(q: Queryable, ttlSeconds: number): Promise<void> {
  await q.query('DELETE FROM public.presence WHERE last_seen < $1', [
    new Date(Date.now() - ttlSeconds * 1000).toISOString(),
  ]);
}
