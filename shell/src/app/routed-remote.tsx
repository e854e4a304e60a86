import { useLocation } from '@wayfarer/router';
import { findRoute } from '@wayfarer/contracts/browser';
import { NotFound } from './not-found';
import { RemoteRoute } from './remote-route';
import { RequireAuth } from './require-auth';

/** Resolves the location against the contract's route table and renders the owning remote. */
export function RoutedRemote() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  if (!route) return <NotFound />;
  const el = <RemoteRoute remote={route.remote} />;
  return route.access === 'signed-in' ? <RequireAuth>{el}</RequireAuth> : el;
}
