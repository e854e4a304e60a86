import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@wayfarer/router';
import { getSupabase, hasStoredSession } from '@wayfarer/session';
import { isoToBirthday, mapAuthError, resolveRedirect, type Birthday } from '../utils/login-rules';
import { loginStore } from '../utils/login-store';

type Meta = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** What the profile form starts from when a signed-in user's profile is still incomplete. */
export interface ProfileDraft {
  displayName: string;
  gender: string;
  birthday: Birthday;
}

interface Options {
  next: string | null;
  /** The profile lacks a display name, gender or birthdate: show the profile form. */
  onProfile: (draft: ProfileDraft) => void;
  onSignedOut: () => void;
  onError: (message: string) => void;
}

/** An OAuth return: a code, a token or an error in the address. */
const hasAuthParams = (url: URL) =>
  Boolean(url.searchParams.get('code')) || url.hash.includes('access_token') || url.searchParams.has('error');

/**
 * The session check of spec point 4 (login flow 1-2): an OAuth return is exchanged once, the profile is created or
 * back-filled from the sign-up metadata, and a complete profile leaves for the redirect target.
 *
 * `checking` (the page shows "checking your session") starts true only when there may be a session to act on: one
 * in this tab's storage, or an OAuth return. Any other visitor gets the form at once; the check still runs behind
 * it, and a session it finds after all (one another tab keeps in memory) leaves the page or asks for the profile
 * as before.
 */
export function useLoginSession({ next, onProfile, onSignedOut, onError }: Options) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(
    () => hasStoredSession() || hasAuthParams(new URL(window.location.href)),
  );
  const exchanged = useRef(false);
  const leftPage = useRef(false);

  const finish = useCallback(() => {
    const s = loginStore('session');
    const target = resolveRedirect(s?.getItem('postLoginRedirect') ?? null, next);
    s?.removeItem('postLoginRedirect');
    leftPage.current = true;
    navigate(target, { replace: true });
  }, [navigate, next]);

  const checkSession = useCallback(async () => {
    const sb = getSupabase();
    const { data } = await sb.auth.getSession();
    const session = data.session;
    if (!session) {
      setChecking(false);
      return;
    }
    const u = session.user;
    const meta = (u.user_metadata ?? {}) as Meta;
    const fromMeta = {
      display_name: str(meta.name) ?? str(meta.display_name) ?? str(meta.full_name),
      first_name: str(meta.firstName) ?? str(meta.first_name),
      last_name: str(meta.lastName) ?? str(meta.last_name),
      gender: str(meta.gender),
      birthdate: str(meta.birthdate),
    };
    const { data: row, error: readError } = await sb
      .from('profiles')
      .select('id, display_name, first_name, last_name, gender, birthdate')
      .eq('id', u.id)
      .maybeSingle();
    // An error reading the profile lets the user through as logged in.
    if (readError) {
      finish();
      return;
    }
    const current = (row ?? {}) as Record<string, string | null>;
    const merged = { ...current };
    const missing: Record<string, string> = {};
    for (const [k, v] of Object.entries(fromMeta)) {
      if (!current[k] && v) {
        missing[k] = v;
        merged[k] = v;
      }
    }
    if (!row || Object.keys(missing).length) {
      await sb.from('profiles').upsert({ id: u.id, ...missing }, { onConflict: 'id' });
    }
    if (!merged.display_name || !merged.gender || !merged.birthdate) {
      onProfile({
        displayName: merged.display_name ?? '',
        gender: merged.gender ?? '',
        birthday: isoToBirthday(merged.birthdate),
      });
      setChecking(false);
      return;
    }
    finish();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callbacks are read when the check runs
  }, [finish]);

  useEffect(() => {
    if (next) loginStore('session')?.setItem('postLoginRedirect', next);
    const sb = getSupabase();
    const url = new URL(window.location.href);
    const authCode = url.searchParams.get('code');
    const oauthReturn = hasAuthParams(url);
    const run = async () => {
      if (oauthReturn) {
        const oauthError = url.searchParams.get('error_description') ?? url.searchParams.get('error');
        if (oauthError) onError(oauthError || 'OAuth error');
        if (authCode && !exchanged.current) {
          exchanged.current = true;
          // detectSessionInUrl may already have exchanged the code; only exchange when no session exists.
          const { data } = await sb.auth.getSession();
          if (!data.session) {
            const { error: exErr } = await sb.auth.exchangeCodeForSession(authCode);
            if (exErr) onError(mapAuthError(exErr.message, 'OAuth error'));
          }
        }
      }
      await checkSession();
      // Strip the auth parameters once, after the redirect target is decided: a check that left the login page
      // replaced the address with the target already, and rewriting it then would show /login?... over that page.
      if (oauthReturn && !leftPage.current) {
        ['code', 'state', 'error', 'error_description', 'error_code'].forEach((k) =>
          url.searchParams.delete(k),
        );
        navigate(url.pathname + url.search, { replace: true });
      }
    };
    void run().catch(() => setChecking(false));
    const { data: sub } = sb.auth.onAuthStateChange((event) => {
      if (
        event === 'SIGNED_IN' ||
        event === 'USER_UPDATED' ||
        event === 'TOKEN_REFRESHED' ||
        event === 'INITIAL_SESSION'
      ) {
        // supabase-js holds its lock while running listeners: defer the check.
        setTimeout(() => void checkSession(), 0);
      } else if (event === 'SIGNED_OUT') {
        onSignedOut();
        setChecking(false);
      }
    });
    return () => sub.subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { checking, finish };
}
