import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export interface AccessClaims extends JWTPayload {
  sub: string;
  role: 'authenticated' | 'anon' | 'service_role';
  aud?: string;
  email?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  is_anonymous?: boolean;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(
  secret: string,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key(secret));
}

export async function verifyJwt(secret: string, token: string): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
  return payload as AccessClaims;
}

/** The public anon key: a long-lived JWT with role anon, as Supabase issues it. */
export function anonKey(secret: string): Promise<string> {
  return signJwt(secret, { iss: 'supabase', role: 'anon', ref: 'wayfarer-local' }, 10 * 365 * 24 * 3600);
}

export function serviceRoleKey(secret: string): Promise<string> {
  return signJwt(
    secret,
    { iss: 'supabase', role: 'service_role', ref: 'wayfarer-local' },
    10 * 365 * 24 * 3600,
  );
}
