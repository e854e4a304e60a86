import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@wayfarer/router';
import { useUserState } from '@wayfarer/session';
import { Loading } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../i18n';

/** Login URL carrying the encoded path and query to come back to. */
export function loginUrlFor(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

/** The sign-in guard: waits for the user state to initialise, then redirects (replace) when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation(SHELL_NS);
  const { user, initialized } = useUserState();
  const location = useLocation();
  if (!initialized) return <Loading message={t('app.checking')} />;
  if (!user) return <Navigate to={loginUrlFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
