import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { installErrorHandler } from '../http/error-handler';
import { installRouteContract } from '../http/route-contract';
import type { AuthService } from '../deps';

/**
 * Answers go out through their route's response schema: a field the schema does not name is
 * dropped, and a handler that answers a body its schema refuses fails loudly in tests (a 500 naming the issue) and
 * is logged, never sent, in production.
 */
const Answer = z.object({ ok: z.literal(true), name: z.string(), created_at: z.string() });
const noAuth = {} as AuthService;

let app: FastifyInstance | undefined;

/** light-my-request (app.inject) does not load under jest's ESM mode: a real port, as the other API suites use. */
async function call(a: FastifyInstance, method: string, url: string, payload?: unknown) {
  const base = await a.listen({ port: 0, host: '127.0.0.1' });
  const r = await fetch(base + url, {
    method,
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await r.text();
  return { statusCode: r.status, body: text, json: <T = Record<string, unknown>>() => JSON.parse(text) as T };
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(nodeEnv: 'test' | 'production', body: unknown) {
  const logs: { level: number; msg: string; issues?: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logs.push(JSON.parse(line) as (typeof logs)[number]);
      cb();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream } });
  installRouteContract(app, { auth: noAuth });
  installErrorHandler(app, { nodeEnv });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/thing',
      { schema: { summary: 'A thing', response: { 200: Answer } } },
      async () => body as z.input<typeof Answer>,
    );
  const r = await call(app, 'GET', '/thing');
  return { status: r.statusCode, text: r.body, json: r.json<Record<string, unknown>>(), logs };
}

describe('response schemas', () => {
  it('drops fields the schema does not name and writes dates as JSON does', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const r = await serve('test', {
      ok: true,
      name: 'Tower',
      created_at: at,
      password_hash: 'secret',
      email: 'a@b.c',
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, name: 'Tower', created_at: '2026-01-02T03:04:05.000Z' });
    expect(r.text).not.toContain('secret');
  });

  it('fails loudly in tests when a handler answers a body its schema refuses', async () => {
    const r = await serve('test', { ok: true, name: 42, created_at: 'x', password_hash: 'secret' });
    expect(r.status).toBe(500);
    expect(r.json.code).toBe('response_schema');
    expect(r.json.message).toBe(
      'The answer of GET /thing 200 does not match its response schema: name: Expected string, received number',
    );
    expect(r.text).not.toContain('secret');
    expect(r.logs).toEqual([
      expect.objectContaining({ level: 50, msg: 'response does not match its schema' }),
    ]);
  });

  it('logs and does not leak in production', async () => {
    const r = await serve('production', {
      ok: false,
      name: 'Tower',
      created_at: 'x',
      password_hash: 'secret',
    });
    expect(r.status).toBe(500);
    expect(r.json).toEqual({ error: 'Internal error', message: 'Internal error' });
    expect(r.text).not.toContain('secret');
    expect(r.text).not.toContain('Tower');
    const logged = r.logs.find((l) => l.msg === 'response does not match its schema');
    expect(logged).toMatchObject({ level: 50, route: 'GET /thing 200' });
    expect(JSON.stringify(logged?.issues)).toContain('ok');
  });

  it('answers an invalid request with the 400 the handlers gave (the ZodError, its fields named)', async () => {
    app = Fastify({ logger: false });
    installRouteContract(app, { auth: noAuth });
    installErrorHandler(app);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/thing',
      {
        schema: {
          body: z.object({ name: z.string().min(2) }),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (req) => ({ name: req.body.name }),
    );
    const bad = await call(app, 'POST', '/thing', { name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'name: String must contain at least 2 character(s)',
      message: 'name: String must contain at least 2 character(s)',
      code: 'validation_failed',
    });
    const missing = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/thing`, {
      method: 'POST',
    }).then(async (r) => ({ json: async () => (await r.json()) as unknown }));
    expect(await missing.json()).toMatchObject({ error: 'name: Required', code: 'validation_failed' });
    const port = (app.server.address() as { port: number }).port;
    const good = await fetch(`http://127.0.0.1:${port}/thing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Tower"}',
    });
    expect(await good.json()).toEqual({ name: 'Tower' });
  });
});
