import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A local OpenID Connect provider standing in for Google (never the internet), for the API's jest suites: the
 * discovery document, the JWKS, and a token endpoint that exchanges a code for a real RS256-signed ID token, as
 * Google's do. A test plays the person at Google's sign-in page with `issueCode(claims)`: the code the provider
 * would send back to the callback, and the claims its ID token will carry (merged over sensible defaults; `nonce`
 * must be the one the authorization request carried). `signWith: 'stranger'` signs with a key not in the JWKS.
 */
export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Form bodies posted to the token endpoint, in order. */
  readonly tokenRequests: Record<string, string>[];
  issueCode(claims: JWTPayload, opts?: { signWith?: 'provider' | 'stranger' }): string;
  close(): Promise<void>;
}

export async function startOidcStandIn(): Promise<OidcStandIn> {
  const clientId = 'wayfarer-test.apps.googleusercontent.com';
  const clientSecret = randomBytes(16).toString('hex');
  const keys = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { claims: JWTPayload; signWith: 'provider' | 'stranger' }>();
  const tokenRequests: Record<string, string>[] = [];
  let issuer = '';

  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') return json(200, { keys: [jwk] });
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        tokenRequests.push(form);
        const entry = codes.get(form.code ?? '');
        if (form.client_id !== clientId || form.client_secret !== clientSecret) {
          return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
        }
        if (!entry || form.grant_type !== 'authorization_code') {
          return json(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        }
        codes.delete(form.code!);
        const key = entry.signWith === 'provider' ? keys.privateKey : stranger.privateKey;
        const now = Math.floor(Date.now() / 1000);
        void new SignJWT({ email_verified: true, ...entry.claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'provider-key', typ: 'JWT' })
          .setIssuer((entry.claims.iss as string | undefined) ?? issuer)
          .setAudience((entry.claims.aud as string | undefined) ?? clientId)
          .setIssuedAt(now)
          .setExpirationTime((entry.claims.exp as number | undefined) ?? now + 3600)
          .sign(key)
          .then((idToken) =>
            json(200, {
              access_token: randomBytes(16).toString('hex'),
              expires_in: 3599,
              token_type: 'Bearer',
              scope: 'openid email profile',
              id_token: idToken,
            }),
          );
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    issueCode(claims, opts = {}) {
      const code = `4/${randomBytes(12).toString('base64url')}`;
      codes.set(code, { claims, signWith: opts.signWith ?? 'provider' });
      return code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
