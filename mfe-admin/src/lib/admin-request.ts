import { ApiError, AppError, errorText, request, type RequestOptions } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { adminStore, forbiddenAtom } from './admin-store';

/** Thrown before any network call when an admin write has no access token (spec point 8). */
export const AUTH_REQUIRED = 'Authentication required';

export class AuthRequiredError extends AppError {
  constructor() {
    super(AUTH_REQUIRED);
    this.name = 'AuthRequiredError';
  }
}

/** The screens' error text: the product's one rule (@wayfarer/api-client errorText). */
export const describeError = errorText;

export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

/** Records a 403 so the layout swaps to the 'Admins only' page; returns the error for re-throwing. */
export function noteForbidden(err: unknown): unknown {
  if (isForbidden(err)) adminStore.set(forbiddenAtom, true);
  return err;
}

/**
 * Runs a typed @wayfarer/api-client call with the session's bearer token: no token stops the call before it is
 * made ('Authentication required') unless `requireToken` is false, and a 403 switches the layout to 'Admins only'.
 */
export async function withAdminToken<T>(
  call: (token: string | null) => Promise<T>,
  opts: { requireToken?: boolean } = {},
): Promise<T> {
  const token = await getAccessToken();
  if (!token && (opts.requireToken ?? true)) throw new AuthRequiredError();
  try {
    return await call(token);
  } catch (err) {
    throw noteForbidden(err);
  }
}

export interface AdminRequestOptions extends Omit<RequestOptions, 'token'> {
  /** When true (the default) a missing token stops the call with 'Authentication required'. */
  requireToken?: boolean;
}

/** withAdminToken for a path without a typed call of its own. */
export function adminRequest<T>(path: string, opts: AdminRequestOptions = {}): Promise<T> {
  const { requireToken, ...rest } = opts;
  return withAdminToken((token) => request<T>(path, { ...rest, token }), { requireToken });
}

/** A stored image/media reference (absolute, or API-relative like '/sights/images/file/…') made loadable from `base`. */
export function absoluteApiUrl(pathOrUrl: string, base: string): string {
  if (/^(https?:|data:|blob:)/i.test(pathOrUrl)) return pathOrUrl;
  return `${base.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
