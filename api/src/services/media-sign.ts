import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-signed, expiring media URLs. The signature covers the storage path and the expiry, with a key derived from the
 * JWT secret (so every API process behind a load balancer verifies what any other signed, and rotating the secret
 * invalidates them all).
 */

export const IMAGE_FILE_PREFIX = '/sights/images/file/';

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('wayfarer:media-url:v1').digest();
}

function mac(secret: string, path: string, exp: number): string {
  return createHmac('sha256', key(secret)).update(`${path}\n${exp}`).digest('base64url');
}

export interface SignedPath {
  /** API-relative URL: `/sights/images/file/<path>?exp=…&sig=…`. */
  url: string;
  exp: number;
  expiresAt: string;
}

/** Signs a storage path for `ttlSeconds` from `nowMs`. */
export function signImagePath(
  secret: string,
  path: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): SignedPath {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return {
    url: `${IMAGE_FILE_PREFIX}${encoded}?exp=${exp}&sig=${mac(secret, path, exp)}`,
    exp,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'expired' | 'invalid';

/** Checks a path's signature in constant time; an expired URL is reported as such only when its signature is genuine. */
export function verifyImagePath(
  secret: string,
  path: string,
  exp: number | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): SignatureCheck {
  if (!exp || !sig) return 'missing';
  const want = Buffer.from(mac(secret, path, exp));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
  return exp * 1000 < nowMs ? 'expired' : 'ok';
}
