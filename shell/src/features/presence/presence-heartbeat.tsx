import { useEffect } from 'react';
import { request } from '@wayfarer/api-client';
import { getAccessToken, useCurrentUser } from '@wayfarer/session';

const HEARTBEAT_MS = 60_000;

function sessionId(): string {
  const key = 'wf-presence-session';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

/** Tells the API this signed-in tab is open, for the admin's online-users panel. */
export function PresenceHeartbeat() {
  const user = useCurrentUser();
  useEffect(() => {
    if (!user) return;
    const beat = async () => {
      const token = await getAccessToken();
      if (!token) return;
      await request('/presence/heartbeat', { method: 'POST', token, json: { session_id: sessionId() }, timeoutMs: 10_000 }).catch(
        () => undefined,
      );
    };
    void beat();
    const t = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [user]);
  return null;
}
