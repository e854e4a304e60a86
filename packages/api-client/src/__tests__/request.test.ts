import { jest } from '@jest/globals';
import { ApiError, errorMessage, parseBody, request, resolveApiBase } from '../request';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

function respond(status: number, body: string, statusText = '') {
  globalThis.fetch = jest.fn(async () => new Response(body, { status, statusText })) as unknown as typeof fetch;
}

describe('resolveApiBase', () => {
  it('uses the local server on port 4000 on localhost, 127.0.0.1 and ::1', () => {
    expect(resolveApiBase('localhost', '')).toBe('http://localhost:4000');
    expect(resolveApiBase('127.0.0.1', '')).toBe('http://localhost:4000');
    expect(resolveApiBase('::1', '')).toBe('http://localhost:4000');
  });
  it('uses the configured base elsewhere and removes trailing slashes', () => {
    expect(resolveApiBase('wayfarer.example', 'https://api.example.com///')).toBe('https://api.example.com');
  });
  it('falls back to the hosted default when nothing is configured off localhost', () => {
    expect(resolveApiBase('wayfarer.example', '')).toBe('https://api.wayfarer.travel');
  });
});

describe('parseBody', () => {
  it('parses JSON, wraps non-JSON as raw, and gives {} for an empty body', () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('<html>oops')).toEqual({ raw: '<html>oops' });
    expect(parseBody('')).toEqual({});
  });
});

describe('errorMessage order', () => {
  it('prefers error, then message, then status text, then "request failed"', () => {
    expect(errorMessage({ error: 'E', message: 'M' }, 'Bad')).toBe('E');
    expect(errorMessage({ message: 'M' }, 'Bad')).toBe('M');
    expect(errorMessage({}, 'Bad Request')).toBe('Bad Request');
    expect(errorMessage({}, '')).toBe('request failed');
  });
});

describe('request', () => {
  it('returns the parsed body of an OK response and sends the bearer token', async () => {
    respond(200, '{"ok":true}');
    await expect(request('http://x.test/a', { token: 'T' })).resolves.toEqual({ ok: true });
    const init = (globalThis.fetch as jest.Mock).mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer T');
  });
  it('throws the server error field on a non-OK status', async () => {
    respond(403, '{"error":"Admins only","message":"m"}', 'Forbidden');
    await expect(request('http://x.test/a')).rejects.toMatchObject({ message: 'Admins only', status: 403 });
  });
  it('throws the status text when the body has no message', async () => {
    respond(500, 'not json', 'Internal Server Error');
    const err = (await request('http://x.test/a').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Internal Server Error');
    expect(err.body).toEqual({ raw: 'not json' });
  });
  it('aborts at the time-out', async () => {
    globalThis.fetch = jest.fn(
      (_u: unknown, init?: RequestInit) =>
        new Promise((_res, rej) => init?.signal?.addEventListener('abort', () => rej(init.signal?.reason))),
    ) as unknown as typeof fetch;
    await expect(request('http://x.test/slow', { timeoutMs: 30 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
