import { useEffect } from 'react';
import { useLocation } from '@wayfarer/router';
import { hasStoredSession, useUserState } from '@wayfarer/session';
import { findRoute } from '@wayfarer/contracts/browser';
import { NotFound } from './not-found';
import { RemoteRoute, warmRemote } from './remote-route';
import { RequireAuth } from './require-auth';

/** Resolves the location against the contract's route table and renders the owning remote. */
export function RoutedRemote() {
  const { pathname, search } = useLocation();
  const route = findRoute(pathname);
  const { initialized } = useUserState();
  // A guarded page waits for the session check; with a session in storage the visitor is most likely signed in,
  // so the page's remote and chunk download meanwhile instead of after it.
  const warm = route?.access === 'signed-in' && !initialized && hasStoredSession() ? route.remote : null;
  useEffect(() => {
    if (warm) warmRemote(warm, pathname, search);
  }, [warm, pathname, search]);
  if (!route) return <NotFound />;
  const el = <RemoteRoute remote={route.remote} />;
  return route.access === 'signed-in' ? <RequireAuth>{el}</RequireAuth> : el;
}
