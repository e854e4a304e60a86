import { ApiError, request, type RequestOptions } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { adminStore, forbiddenAtom } from './admin-store';

/** Thrown before any network call when an admin write has no access token (spec point 8). */
export const AUTH_REQUIRED = 'Authentication required';

export class AuthRequiredError extends Error {
  constructor() {
    super(AUTH_REQUIRED);
    this.name = 'AuthRequiredError';
  }
}

/** The server's own error text when it sent one (error field, then message field), else null. */
export function serverText(err: unknown): string | null {
  if (err instanceof ApiError) {
    const b = err.body;
    if (b && typeof b === 'object') {
      const rec = b as Record<string, unknown>;
      if (typeof rec.error === 'string' && rec.error) return rec.error;
      if (rec.error && typeof rec.error === 'object') {
        const m = (rec.error as Record<string, unknown>).message;
        if (typeof m === 'string' && m) return m;
      }
      if (typeof rec.message === 'string' && rec.message) return rec.message;
    }
    return null;
  }
  if (err instanceof AuthRequiredError) return err.message;
  return null;
}

/** Server message where present, else the spec's fallback. */
export function messageOf(err: unknown, fallback: string): string {
  return serverText(err) ?? fallback;
}

export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

/** Records a 403 so the layout swaps to the 'Admins only' page; returns the error for re-throwing. */
export function noteForbidden(err: unknown): unknown {
  if (isForbidden(err)) adminStore.set(forbiddenAtom, true);
  return err;
}

export interface AdminRequestOptions extends Omit<RequestOptions, 'token'> {
  /** When true (the default for writes) a missing token stops the call with 'Authentication required'. */
  requireToken?: boolean;
}

/** A bearer request to an admin route; a 403 marks the session as not-admin for the layout. */
export async function adminRequest<T>(path: string, opts: AdminRequestOptions = {}): Promise<T> {
  const { requireToken = true, ...rest } = opts;
  const token = await getAccessToken();
  if (!token && requireToken) throw new AuthRequiredError();
  try {
    return await request<T>(path, { ...rest, token });
  } catch (err) {
    throw noteForbidden(err);
  }
}

/**
 * Runs a typed @wayfarer/api-client call with the session's bearer token, with adminRequest's rules: no token
 * stops a write before any call ('Authentication required'), and a 403 switches the layout to 'Admins only'.
 */
export async function withAdminToken<T>(call: (token: string | null) => Promise<T>, opts: { requireToken?: boolean } = {}): Promise<T> {
  const token = await getAccessToken();
  if (!token && (opts.requireToken ?? true)) throw new AuthRequiredError();
  try {
    return await call(token);
  } catch (err) {
    throw noteForbidden(err);
  }
}

/** Resolves a stored image/media reference to a signed URL the browser can load. */
export function absoluteApiUrl(pathOrUrl: string, base: string): string {
  if (/^(https?:|data:|blob:)/i.test(pathOrUrl)) return pathOrUrl;
  return `${base.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** For screens: server text, else our own thrown message, else the fallback (network errors use the fallback). */
export function describeError(err: unknown, fallback: string): string {
  const s = serverText(err);
  if (s) return s;
  if (err instanceof ApiError || err instanceof TypeError) return fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}
