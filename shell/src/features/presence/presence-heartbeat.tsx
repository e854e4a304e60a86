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
  // The user's id, not the object: a re-read of the same user (a profile edit) is not a new visit.
  const userId = useCurrentUser()?.id;
  useEffect(() => {
    if (!userId) return;
    const beat = async () => {
      const token = await getAccessToken();
      if (!token) return;
      await sendHeartbeat(sessionId(), undefined, token).catch(() => undefined);
    };
    void beat();
    const t = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [userId]);
  return null;
}
