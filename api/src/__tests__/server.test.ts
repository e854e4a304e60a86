import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 60000);
afterAll(async () => {
  await s?.close();
});

describe('server basics', () => {
  it('answers /health', async () => {
    const r = await fetch(`${s.url}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const r = await fetch(`${s.url}/nope`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(await r.json()).toMatchObject({ error: 'Not found' });
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const r = await fetch(`${s.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(r.status).toBe(400);
    const text = await r.text();
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('answers an invalid body with 400 and a message', async () => {
    const r = await fetch(`${s.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', password: 'x' }),
    });
    expect(r.status).toBe(400);
    expect((await r.json()).message).toMatch(/Invalid email address/);
  });

  it('sends security headers and CORS only for configured origins', async () => {
    const ok = await fetch(`${s.url}/health`, { headers: { origin: 'http://localhost:3000' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const bad = await fetch(`${s.url}/health`, { headers: { origin: 'http://evil.example' } });
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists mail in the local mailbox', async () => {
    const r = await fetch(`${s.url}/dev/mailbox.json`);
    expect(r.status).toBe(200);
    expect(Array.isArray(await r.json())).toBe(true);
    const html = await fetch(`${s.url}/dev/mailbox`);
    expect(await html.text()).toMatch(/Local mailbox/);
  });
});
