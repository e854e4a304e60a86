import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@wayfarer/router';
import { useUserState } from '@wayfarer/session';
import { Loading } from '@wayfarer/ui';

/** Login URL carrying the encoded path and query to come back to. */
export function loginUrlFor(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

/** The sign-in guard: waits for the user state to initialise, then redirects (replace) when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, initialized } = useUserState();
  const location = useLocation();
  if (!initialized) return <Loading message="Checking your session…" />;
  if (!user) return <Navigate to={loginUrlFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
