import { jest } from '@jest/globals';
import {
  ApiError,
  READ_RETRY_DELAY_MS,
  errorMessage,
  fetchWithReadRetry,
  parseBody,
  request,
  resolveApiBase,
} from '../request';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

function respond(status: number, body: string, statusText = '') {
  globalThis.fetch = jest.fn(
    async () => new Response(body, { status, statusText }),
  ) as unknown as typeof fetch;
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
    await expect(request('http://x.test/slow', { timeoutMs: 30 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});

describe('a failed read is retried once (several API copies behind a balancer)', () => {
  /** fetch answering from a script, in order: a status, or 'down' for a network error (connection refused). */
  function script(steps: (number | 'down')[]) {
    const calls: { url: string; method: string }[] = [];
    globalThis.fetch = jest.fn(async (u: unknown, init?: RequestInit) => {
      calls.push({ url: String(u), method: (init?.method ?? 'GET').toUpperCase() });
      const step = steps[calls.length - 1];
      if (step === undefined) throw new Error(`unexpected call ${calls.length}`);
      if (step === 'down') throw new TypeError('Failed to fetch');
      return new Response(step === 200 || step === 201 ? '{"ok":true}' : '<html>Bad Gateway</html>', {
        status: step,
        statusText: step === 200 ? 'OK' : 'Bad Gateway',
      });
    }) as unknown as typeof fetch;
    return calls;
  }

  it.each([502, 503, 504] as const)(
    'a GET answered %i is sent again and its second answer is the result',
    async (status) => {
      const calls = script([status, 200]);
      await expect(request('http://x.test/sights/nearby')).resolves.toEqual({ ok: true });
      expect(calls).toEqual([
        { url: 'http://x.test/sights/nearby', method: 'GET' },
        { url: 'http://x.test/sights/nearby', method: 'GET' },
      ]);
    },
  );

  it('a GET that meets a network error is sent again', async () => {
    const calls = script(['down', 200]);
    await expect(request('http://x.test/a', { token: 'T' })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    const second = (globalThis.fetch as jest.Mock).mock.calls[1]![1] as RequestInit;
    expect(new Headers(second.headers).get('Authorization')).toBe('Bearer T');
  });

  it('waits before sending the read again', async () => {
    script([503, 200]);
    const started = Date.now();
    await request('http://x.test/a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_RETRY_DELAY_MS - 5);
  });

  it('only once: a second failure is the error the caller gets', async () => {
    let calls = script([502, 503]);
    await expect(request('http://x.test/a')).rejects.toMatchObject({ name: 'ApiError', status: 503 });
    expect(calls).toHaveLength(2);
    calls = script(['down', 'down']);
    await expect(request('http://x.test/a')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'never sends a %s twice, neither after a 502 nor after a network error',
    async (method) => {
      let calls = script([502]);
      await expect(request('http://x.test/comments', { method, json: { body: 'hi' } })).rejects.toMatchObject(
        { status: 502 },
      );
      expect(calls).toHaveLength(1);
      calls = script(['down']);
      await expect(request('http://x.test/comments', { method, json: { body: 'hi' } })).rejects.toThrow(
        TypeError,
      );
      expect(calls).toHaveLength(1);
    },
  );

  it('does not retry other failures (500, 404) nor a read whose caller retries itself (retryRead: false)', async () => {
    let calls = script([500]);
    await expect(request('http://x.test/a')).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
    calls = script([404]);
    await expect(request('http://x.test/a')).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
    calls = script([502]);
    await expect(request('http://x.test/a', { retryRead: false })).rejects.toMatchObject({ status: 502 });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a timed-out read: the time-out covers both attempts', async () => {
    globalThis.fetch = jest.fn(
      (_u: unknown, init?: RequestInit) =>
        new Promise((_res, rej) => init?.signal?.addEventListener('abort', () => rej(init.signal?.reason))),
    ) as unknown as typeof fetch;
    await expect(request('http://x.test/slow', { timeoutMs: 30 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('fetchWithReadRetry is the same rule for a caller reading the Response itself', async () => {
    const calls = script([504, 200]);
    const res = await fetchWithReadRetry('http://x.test/sights/images/sign/a.webp', {}, 0);
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
  });
});
