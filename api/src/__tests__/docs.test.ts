import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HTTPMethods } from 'fastify';
import { openApiDocument, openApiPath, ROUTE_DOCS, type RouteInfo } from '../routes/docs';
import { startTestServer, type TestServer } from '../testing/test-server';

interface Operation {
  summary?: string;
  'x-undocumented'?: boolean;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }> }>;
  security?: unknown[];
  'x-auth'?: string;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * The routes Fastify's router prints (app.printRoutes), as METHOD + URL: an account of what is registered that
 * does not go through the docs' own onRoute hook.
 */
function printedRoutes(tree: string): RouteInfo[] {
  const out: RouteInfo[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const url = (depth ? stack[depth - 1] : '') + m[2];
    stack.length = depth;
    stack.push(url);
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
    }
  }
  return out;
}

let s: TestServer;
let doc: Doc;

beforeAll(async () => {
  s = await startTestServer();
  const r = await fetch(`${s.url}/docs/openapi.json`);
  expect(r.status).toBe(200);
  doc = (await r.json()) as Doc;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })));

describe('GET /docs/openapi.json', () => {
  it('lists every registered route with its method, and nothing that is not registered', () => {
    const printed = printedRoutes(s.app.printRoutes({ commonPrefix: false }));
    // The router's own account of the routes covers every area, auth and rest included.
    expect(printed.length).toBeGreaterThan(80);
    for (const url of ['/health', '/auth/v1/token', '/rest/v1/:table', '/sights/generate-guide', '/guides/audio/:stationId', '/docs/openapi.json']) {
      expect(printed.map((r) => r.url)).toContain(url);
    }
    const missing = printed.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);

    for (const { path, method } of operations()) {
      const url = path.replace(/\{path\}$/, '*').replace(/\{([A-Za-z_]+)\}/g, ':$1');
      expect([method, url, s.app.hasRoute({ method: method as HTTPMethods, url })]).toEqual([method, url, true]);
    }
  });

  it('documents every route: a summary, and a JSON response schema, another content type, or the reason it has none', () => {
    const undocumented = operations().filter(({ op }) => op['x-undocumented'] || !op.summary).map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
    for (const [key, d] of Object.entries(ROUTE_DOCS)) {
      expect([key, [d.response, d.produces, d.untyped].filter(Boolean).length]).toEqual([key, 1]);
      const [method, url] = key.split(' ');
      // No entry for a route that does not exist (a renamed or removed route).
      expect([key, s.app.hasRoute({ method: method as HTTPMethods, url })]).toEqual([key, true]);
    }
    // Path parameters and bearer auth are stated.
    const like = doc.paths['/comments/{id}/like'].post;
    expect(like.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(like.security).toEqual([{ bearer: [] }]);
    // The auth level as ROUTE_DOCS states it, for the generated route suites (route-authz, route-fuzz).
    expect(like['x-auth']).toBe('user');
    expect(doc.paths['/admin/stats'].get['x-auth']).toBe('admin');
    expect(doc.paths['/admin/news'].get['x-auth']).toBe('optional');
    expect(doc.paths['/sights/nearby'].get['x-auth']).toBe('none');
    expect(operations().filter(({ op }) => !['none', 'optional', 'user', 'admin'].includes(op['x-auth'] ?? '')).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(Object.keys(like.responses).sort()).toEqual(['200', '400', '401', '404']);
    expect(Object.keys(doc.paths['/admin/stats'].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(doc.paths['/sights/nearby'].get.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['lat', 'lon', 'km']));
  });

  it('gives the guide routes their request and response schemas from @wayfarer/contracts', () => {
    const gen = doc.paths['/sights/generate-guide'].post;
    const body = gen.requestBody!.content['application/json'].schema;
    expect(Object.keys(body.properties!)).toEqual(['sight_id', 'voice', 'words_per_minute', 'max_stations', 'include_nearby', 'nearby_radius_m']);
    expect(body.required).toEqual(['sight_id']);
    expect(Object.keys(gen.responses['200'].content!['application/json'].schema.properties!)).toEqual(['ok', 'guide', 'usage', 'job_id']);
    expect(gen.responses['429'].content!['application/json'].schema.properties).toHaveProperty('upgrade_url');
    expect(gen.security).toEqual([{ bearer: [] }]);

    for (const [p, props] of [
      ['/sights/{id}/guide', ['guide', 'pending', 'usage']],
      ['/guides/usage', ['usage']],
      ['/guides/{id}', ['guide']],
    ] as const) {
      expect([p, Object.keys(doc.paths[p].get.responses['200'].content!['application/json'].schema.properties!)]).toEqual([p, props]);
    }
    const audio = doc.paths['/guides/audio/{stationId}'].get;
    expect(Object.keys(audio.responses['200'].content!)).toEqual(['audio/mpeg']);
    expect(Object.keys(audio.responses)).toEqual(expect.arrayContaining(['206', '416', '404']));
  });

  it('flags a registered route without an entry, so a new route cannot slip by undocumented', () => {
    const d = openApiDocument([{ method: 'GET', url: '/guides/usage' }, { method: 'POST', url: '/something/new/:id' }]) as unknown as Doc;
    expect(d.paths['/guides/usage'].get['x-undocumented']).toBeUndefined();
    expect(d.paths['/something/new/{id}'].post['x-undocumented']).toBe(true);
  });

  it('GET /docs lists the routes as HTML', async () => {
    const r = await fetch(`${s.url}/docs`);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('<code>/sights/generate-guide</code>');
    expect(html).toContain('<code>/auth/v1/token</code>');
    expect(html).toContain('Reserve a guide for a sight and queue its making');
  });
});
