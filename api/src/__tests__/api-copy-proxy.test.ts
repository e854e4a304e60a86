import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig, trustProxyOf } from '../config/env';
import { startTestServer, type TestServer } from '../testing/test-server';

/** Several API copies behind a balancer: which copy answered (API_COPY_NAME), and whose address counts (TRUST_PROXY). */

let n = 0;
/** A password sign-in attempt (rate limited per IP) as if from `forwardedFor`; returns the status. */
async function signInFrom(url: string, forwardedFor: string): Promise<number> {
  const r = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `proxy-${Date.now()}-${n++}@example.test`, password: 'not-the-password' }),
  });
  await r.arrayBuffer();
  return r.status;
}

describe('TRUST_PROXY and API_COPY_NAME in the environment', () => {
  it('reads TRUST_PROXY as Fastify trustProxy: nobody by default, addresses, a hop count or everyone', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx please' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a copy name that fits in a header, and refuses one that does not', () => {
    expect(loadConfig({ API_COPY_NAME: 'api-1' }).copyName).toBe('api-1');
    expect(loadConfig({}).copyName).toBeUndefined();
    expect(() => loadConfig({ API_COPY_NAME: 'api 1\r\nX-Evil: 1' })).toThrow(/API_COPY_NAME/);
  });
});

describe('X-Wayfarer-Copy', () => {
  let named: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [named, plain] = await Promise.all([
      startTestServer({ config: { copyName: 'api-7' } }),
      startTestServer(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([named?.close(), plain?.close()]);
  });

  it('names the copy on every answer: success, 404, 400, CORS preflight', async () => {
    const answers = await Promise.all([
      fetch(`${named.url}/health`),
      fetch(`${named.url}/nope`),
      fetch(`${named.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{bad',
      }),
      fetch(`${named.url}/health`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 400, 204]);
    expect(answers.map((r) => r.headers.get('x-wayfarer-copy'))).toEqual([
      'api-7',
      'api-7',
      'api-7',
      'api-7',
    ]);
  });

  it('is absent when the API runs unnamed (pnpm start)', async () => {
    const r = await fetch(`${plain.url}/health`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-wayfarer-copy')).toBeNull();
  });
});

describe('per-IP rate limits behind a balancer', () => {
  const limits = { windowSeconds: 600, perIp: 2, perEmail: 1000 };

  it('with TRUST_PROXY naming the balancer, each client forwarded by it has its own budget', async () => {
    const s = await startTestServer({ config: { rateLimit: limits, trustProxy: ['127.0.0.1'] } });
    try {
      expect([await signInFrom(s.url, '203.0.113.1'), await signInFrom(s.url, '203.0.113.1')]).toEqual([
        400, 400,
      ]);
      expect(await signInFrom(s.url, '203.0.113.1')).toBe(429);
      // Another client behind the same balancer is not limited by the first one's attempts.
      expect(await signInFrom(s.url, '203.0.113.2')).toBe(400);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot dodge the limit by forging it', async () => {
    const s = await startTestServer({ config: { rateLimit: limits } });
    try {
      expect([await signInFrom(s.url, '203.0.113.1'), await signInFrom(s.url, '203.0.113.2')]).toEqual([
        400, 400,
      ]);
      expect(await signInFrom(s.url, '203.0.113.3')).toBe(429);
    } finally {
      await s.close();
    }
  }, 60_000);
});
