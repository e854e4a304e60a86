import type { RemoteName } from './remotes';

/** Who may open a route in the shell: everyone, or anyone signed in (admin role is enforced by the API). */
export type RouteAccess = 'public' | 'signed-in';

/** Other origins a page loads from (runtime-config URLs), which its HTML warms up with a preconnect. */
export type RouteOrigin = 'mapTiles';

export interface RouteEntry {
  /** react-router path pattern. */
  path: string;
  remote: RemoteName;
  access: RouteAccess;
  /** Origins besides the app's and the API's that the page needs at once (the map's tiles). */
  preconnect?: readonly RouteOrigin[];
}

/** The route table of spec point 2, each route mapped to the remote that owns it. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', remote: 'marketing', access: 'public' },
  { path: '/invest', remote: 'marketing', access: 'public' },
  { path: '/about', remote: 'marketing', access: 'public' },
  { path: '/pricing', remote: 'marketing', access: 'public' },
  { path: '/privacy-policy', remote: 'marketing', access: 'public' },
  { path: '/terms', remote: 'marketing', access: 'public' },
  { path: '/cookie-policy', remote: 'marketing', access: 'public' },
  { path: '/dsar', remote: 'marketing', access: 'public' },
  { path: '/news', remote: 'marketing', access: 'public' },
  { path: '/news/:newsId', remote: 'marketing', access: 'public' },
  { path: '/login', remote: 'account', access: 'public' },
  { path: '/account', remote: 'account', access: 'signed-in' },
  { path: '/shop', remote: 'account', access: 'signed-in' },
  { path: '/overview', remote: 'account', access: 'signed-in' },
  { path: '/subscribe', remote: 'account', access: 'signed-in' },
  { path: '/explore', remote: 'explore', access: 'signed-in', preconnect: ['mapTiles'] },
  { path: '/explore/:placeId', remote: 'explore', access: 'signed-in', preconnect: ['mapTiles'] },
  // The sights downloaded for offline on this device.
  { path: '/downloads', remote: 'explore', access: 'signed-in' },
  { path: '/admin', remote: 'admin', access: 'signed-in' },
  { path: '/admin/pending-images', remote: 'admin', access: 'signed-in' },
  { path: '/admin/shop', remote: 'admin', access: 'signed-in' },
  { path: '/admin/themes', remote: 'admin', access: 'signed-in' },
  { path: '/admin/analytics', remote: 'admin', access: 'signed-in' },
  { path: '/admin/analytics/logs', remote: 'admin', access: 'signed-in' },
  { path: '/admin/content-management', remote: 'admin', access: 'signed-in' },
  { path: '/admin/reports', remote: 'admin', access: 'signed-in' },
  { path: '/admin/releases', remote: 'admin', access: 'signed-in' },
  { path: '/admin/news', remote: 'admin', access: 'signed-in' },
  { path: '/admin/roadmap', remote: 'admin', access: 'signed-in' },
];

/** Paths a remote owns, for its own router and for contract tests. */
export function routesOf(remote: RemoteName): RouteEntry[] {
  return ROUTES.filter((r) => r.remote === remote);
}

/**
 * A path segment's value: percent-decoded, or the raw segment when its escapes are malformed (`%E0`), as
 * react-router does, so an odd address matches its route (which renders its not-found) instead of throwing.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Matches a pathname against a route pattern with `:param` segments (no wildcards needed in this table). Never
 * throws: a malformed escape in a parameter is kept as written.
 */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const a = clean(pattern).split('/');
  const b = clean(pathname).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!b[i]) return null;
      params[a[i].slice(1)] = decodeSegment(b[i]);
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => matchRoutePath(r.path, pathname) !== null);
}
