import { useEffect } from 'react';
import { sendHeartbeat } from '@wayfarer/api-client';
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

/** Tells the API this signed-in tab is open, for the admin's online-users panel (a write on a timer, not a read). */
export function PresenceHeartbeat() {
  const user = useCurrentUser();
  useEffect(() => {
    if (!user) return;
    const beat = async () => {
      const token = await getAccessToken();
      if (!token) return;
      await sendHeartbeat(sessionId(), undefined, token).catch(() => undefined);
    };
    void beat();
    const t = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [user]);
  return null;
}
