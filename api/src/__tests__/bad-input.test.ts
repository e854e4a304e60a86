import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actor, type Actors } from './product-helpers';

/**
 * Bad input the API once answered with a 500, each reproduced by hand before the fix: NUL characters, unpaired
 * UTF-16 surrogates and integers beyond a column's range reached PostgreSQL and came back as 500. Each must be a 400
 * naming the field.
 */
let s: TestServer;
let a: Actors;
let sightId: string;
beforeAll(async () => {
  ({ s, a } = await seededServer());
  sightId = (
    await s.db.query<{ id: string }>('SELECT id FROM public.sights WHERE NOT hidden ORDER BY id LIMIT 1')
  ).rows[0]!.id;
}, 120_000);
afterAll(() => s?.close());

/** Sends a raw body (JSON with escapes JSON.stringify would never write, like a lone \ud800 inside a word). */
async function raw(
  method: string,
  path: string,
  actor: Actor | null,
  body?: string,
  type = 'application/json',
) {
  const headers: Record<string, string> = {};
  if (actor?.token) headers.authorization = `Bearer ${actor.token}`;
  if (body !== undefined) headers['content-type'] = type;
  const r = await fetch(`${s.url}${path}`, { method, headers, body });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const expect400Naming = (r: { status: number; body: Record<string, unknown> }, field: RegExp) => {
  expect(r.status).toBe(400);
  expect(String(r.body.message)).toMatch(field);
  expect(JSON.stringify(r.body)).not.toMatch(/SQLSTATE|syntax|invalid byte sequence|\bat \S+:\d+/);
};

describe('NUL characters', () => {
  it.each([
    ['GET', '/sights/detail/a%00b', /id/],
    ['GET', '/sights/a%00b/comments', /id/],
    ['GET', '/sights/a%00b/images', /id/],
    ['GET', '/sights/a%00b/guide', /id/],
    ['GET', '/admin/sights?q=a%00b', /q/],
    ['GET', '/admin/audit-log?action=a%00b', /action/],
    ['GET', '/media/sign?media_id=a%00b', /media_id/],
    ['GET', '/rest/v1/profiles?display_name=eq.a%00b', /display_name/],
  ])('%s %s answers 400 naming the field', async (method, path, field) => {
    const actor = path.startsWith('/admin') ? a.admin : a.user;
    expect400Naming(await raw(method, path, actor), field);
  });

  it('refuses a NUL in a comment body, a sight edit and a refresh token, and stores nothing', async () => {
    expect400Naming(
      await call(s, 'POST', `/sights/${sightId}/comments`, a.user, { body: 'a\u0000b' }),
      /body/,
    );
    expect400Naming(await call(s, 'PUT', `/admin/sights/${sightId}`, a.admin, { name: 'x\u0000' }), /name/);
    expect400Naming(
      await call(s, 'POST', '/auth/v1/token?grant_type=refresh_token', null, { refresh_token: 'a\u0000b' }),
      /refresh_token/,
    );
    const n = await s.db.query("SELECT 1 FROM public.comments WHERE body LIKE 'a%b' AND user_id = $1", [
      a.user.id,
    ]);
    expect(n.rowCount).toBe(0);
  });

  it('refuses a NUL in an uploaded file name', async () => {
    const fd = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a\u0000b.png');
    const r = await fetch(`${s.url}/sights/${sightId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.user.token}` },
      body: fd,
    });
    const body = (await r.json()) as { message: string };
    expect(r.status).toBe(400);
    expect(body.message).toMatch(/file name/i);
    expect(
      (await s.db.query('SELECT 1 FROM public.sight_images WHERE user_id = $1', [a.user.id])).rowCount,
    ).toBe(0);
  });
});

describe('unpaired UTF-16 surrogates', () => {
  it('refuses an anonymous heartbeat whose path has a lone surrogate', async () => {
    expect400Naming(
      await raw('POST', '/presence/heartbeat', null, '{"session_id":"x","path":"\\ud800x"}'),
      /path/,
    );
    expect400Naming(
      await raw('POST', '/presence/heartbeat', null, '{"session_id":"x\\udc00","path":"/"}'),
      /session_id/,
    );
  });

  it.each([
    ['POST', '/admin/news', '{"title":"News \\ud800"}', /title/],
    ['POST', '/admin/roadmap', '{"title":"Road \\udfff map"}', /title/],
    ['POST', '/admin/shop/items', '{"name":"\\ud83d","price":1}', /name/],
    ['POST', '/admin/themes', '{"name":"T\\ud800","css_class":"theme-x"}', /name/],
  ])('%s %s answers 400 naming the field', async (method, path, body, field) => {
    expect400Naming(await raw(method, path, a.admin, body), field);
  });

  it('refuses a lone surrogate in an object key (jsonb metadata) and in /rest/v1 bodies', async () => {
    expect400Naming(await raw('PUT', '/auth/v1/user', a.user, '{"data":{"\\ud800":1}}'), /data/);
    expect400Naming(
      await raw('PATCH', `/rest/v1/profiles?id=eq.${a.user.id}`, a.user, '{"display_name":"\\ud800"}'),
      /display_name/,
    );
  });

  it('keeps well-formed pairs (emoji) working', async () => {
    const r = await call(s, 'POST', '/presence/heartbeat', null, {
      session_id: 'emoji-session',
      path: '/explore/😀',
    });
    expect(r.status).toBe(200);
  });
});

describe('integers beyond the column range', () => {
  it.each([
    ['POST', '/admin/roadmap', '{"title":"Big","position_order":9007199254740993}', /position_order/],
    ['POST', '/admin/roadmap', '{"title":"Big","position_order":2147483648}', /position_order/],
    [
      'PUT',
      '/admin/roadmap/00000000-0000-4000-8000-000000000000',
      '{"position_order":-2147483649}',
      /position_order/,
    ],
    [
      'PUT',
      '/admin/roadmap/reorder',
      '{"items":[{"id":"00000000-0000-4000-8000-000000000000","position_order":1e20}]}',
      /position_order/,
    ],
  ])('%s %s %s answers 400 naming the field', async (method, path, body, field) => {
    expect400Naming(await raw(method, path, a.admin, body), field);
  });

  it('accepts the int4 bounds themselves', async () => {
    const r = await call(s, 'POST', '/admin/roadmap', a.admin, { title: 'Max', position_order: 2147483647 });
    expect(r.status).toBe(200);
    expect(r.body.roadmapItem.position_order).toBe(2147483647);
  });

  it.each([
    ['/admin/sights?page=1e15', /page/],
    ['/admin/audit-log?page=99999999999999999999', /page/],
    ['/sights/images/file/x?exp=1e300&sig=x', null],
  ])('GET %s answers 4xx', async (path, field) => {
    const r = await raw('GET', path, a.admin);
    if (field) expect400Naming(r, field);
    else expect(r.status).toBeLessThan(500);
  });
});

describe('/rest/v1 filters built from the query', () => {
  it.each([
    ['id=like.abc', 200],
    ['birthdate=ilike.*19*', 200],
    ['id=not.like.x', 200],
    [`select=${'id,'.repeat(2_000)}id`, 400],
  ])('GET /rest/v1/profiles?%s answers %i', async (query, status) => {
    const r = await raw('GET', `/rest/v1/profiles?${query}`, a.user);
    expect(r.status).toBe(status);
    expect(JSON.stringify(r.body)).not.toMatch(/operator does not exist|target lists|SELECT/);
  });
});

describe('/rest/v1 writes', () => {
  it('ask an anonymous caller to sign in before reading the body', async () => {
    for (const method of ['POST', 'PATCH']) {
      const r = await raw(method, '/rest/v1/profiles', null, '{}');
      expect([method, r.status, r.body.code]).toEqual([method, 401, '42501']);
    }
  });
});

describe('deeply nested JSON', () => {
  const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
  it.each([
    ['POST', '/rest/v1/profiles', (d: string) => `{"id":"{owner}","display_name":${d}}`],
    ['PUT', '/auth/v1/user', (d: string) => `{"data":{"a":${d}}}`],
    ['POST', '/admin/news', (d: string) => `{"title":${d}}`],
  ])('%s %s answers 400 instead of overflowing the stack', async (method, path, body) => {
    const actor = path.startsWith('/admin') ? a.admin : a.user;
    const r = await raw(method, path, actor, body(deep(20_000)).replace('{owner}', a.user.id!));
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toMatch(/nested more than 32 levels/);
    // A few levels are fine where a field takes any JSON (user metadata).
    expect((await raw('PUT', '/auth/v1/user', a.user, `{"data":{"a":${deep(10)}}}`)).status).toBe(200);
  });
});
