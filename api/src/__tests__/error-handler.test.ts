import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { installErrorHandler } from '../http/error-handler';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * The last resort: a PostgreSQL error a request causes, when no schema caught the input first, is a 4xx
 * with a plain sentence and a warning in the log, never a 500 with SQL text. Real errors from the database under
 * test (PGlite here, PostgreSQL in the second pass).
 */
let s: TestServer;
let app: FastifyInstance;
let base: string;
const logs: { level: number; msg: string }[] = [];
let itemId: string;

beforeAll(async () => {
  s = await startTestServer();
  const user = await createUser(s.db);
  itemId = (
    await s.db.query<{ id: string }>(
      "INSERT INTO public.shop_items (slug, name, price) VALUES ('sold-item', 'Sold', 1) RETURNING id",
    )
  ).rows[0]!.id;
  await s.db.query('INSERT INTO public.purchases (user_id, item_id, price) VALUES ($1, $2, 1)', [
    user.id,
    itemId,
  ]);
  // A plain (NO ACTION) foreign key, which the product's schema does not have: this suite's database is its own.
  await s.db.exec(
    'CREATE TABLE public.t_parent (id int PRIMARY KEY); CREATE TABLE public.t_child (parent int REFERENCES public.t_parent (id))',
  );
  await s.db.exec('INSERT INTO public.t_parent VALUES (1); INSERT INTO public.t_child VALUES (1)');
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logs.push(JSON.parse(line) as { level: number; msg: string });
      cb();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream } });
  installErrorHandler(app);
  const cases: Record<string, [string, unknown[]]> = {
    nul: ['SELECT $1::text AS v', ['a\u0000b']],
    'bad-uuid': ['SELECT $1::uuid AS v', ['not-a-uuid']],
    'int-range': ['SELECT $1::int AS v', ['9007199254740993']],
    'too-long': ["INSERT INTO auth.users (email) VALUES (repeat('x', 300))", []],
    'lone-surrogate-jsonb': ['SELECT $1::jsonb AS v', ['{"path":"\\ud800x"}']],
    unique: ['INSERT INTO public.shop_items (slug, name, price) VALUES ($1, $2, 1)', ['sold-item', 'Again']],
    'missing-ref': [
      'INSERT INTO public.admin_users (user_id) VALUES ($1)',
      ['00000000-0000-4000-8000-000000000000'],
    ],
    'still-used': ['DELETE FROM public.shop_items WHERE id = $1', [itemId]],
    'still-referenced': ['DELETE FROM public.t_parent WHERE id = 1', []],
    'not-null': ['INSERT INTO public.themes (name, css_class) VALUES (NULL, $1)', ['theme-x']],
    check: ['UPDATE public.shop_items SET price = -1 WHERE id = $1', [itemId]],
  };
  app.get('/case/:name', async (req) => {
    const [sql, params] = cases[(req.params as { name: string }).name]!;
    return (await s.db.query(sql, params)).rows;
  });
  app.get('/crash', async () => {
    throw new Error('boom at secret.ts:1');
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const SQL_TEXT =
  /violates|constraint|invalid input|syntax|byte sequence|out of range for type|_pkey|_key|_fkey|_check|relation|column|SELECT|INSERT|\bat \S+:\d+/;

describe('PostgreSQL errors behind a missing validation', () => {
  it.each([
    ['nul', 400, 'invalid_value', /character that cannot be stored/],
    ['bad-uuid', 400, 'invalid_value', /expected format/],
    ['int-range', 400, 'invalid_value', /out of range/],
    ['too-long', 400, 'invalid_value', /too long/],
    ['lone-surrogate-jsonb', 400, 'invalid_value', /./],
    ['unique', 409, 'conflict', /already exists/],
    ['missing-ref', 404, 'not_found', /does not exist/],
    ['still-used', 409, 'in_use', /still in use/],
    ['still-referenced', 409, 'in_use', /still in use/],
    ['not-null', 400, 'invalid_value', /missing/],
    ['check', 400, 'invalid_value', /outside what is allowed/],
  ])('%s answers %i with a plain sentence and logs a warning', async (name, status, code, message) => {
    const before = logs.length;
    const r = await fetch(`${base}/case/${name}`);
    const text = await r.text();
    const body = JSON.parse(text) as { error: string; message: string; code: string };
    expect(r.status).toBe(status);
    expect(body.code).toBe(code);
    expect(body.message).toMatch(message);
    expect(body.error).toBe(body.message);
    expect(text).not.toMatch(SQL_TEXT);
    const logged = logs.slice(before);
    expect(logged.some((l) => l.level === 40)).toBe(true);
    expect(logged.some((l) => l.level >= 50)).toBe(false);
  });

  it('keeps other faults a 500 without a stack, logged as an error', async () => {
    const r = await fetch(`${base}/crash`);
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ error: 'Internal error', message: 'Internal error' });
    expect(logs.at(-1)?.level).toBe(50);
  });
});
