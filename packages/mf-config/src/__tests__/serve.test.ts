import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { readEnv } from '../env';
import { createStaticServer, type StaticServerOptions } from '../serve';

const HASHED_CHUNK = 'js/412.0123456789abcdef.js';
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>shell</title>',
  'remoteEntry.js': 'var remote = 1;',
  'mf-manifest.json': '{"name":"explore"}',
  [HASHED_CHUNK]: 'console.log("chunk");',
  'css/main.fedcba9876543210.css': 'body{}',
  'privacy-policy.pdf': '%PDF-1.4',
  'data.bin': 'raw',
  'docs/index.html': '<p>docs</p>',
};

let root: string;
const servers: http.Server[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-serve-'));
  for (const [name, body] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), body);
  }
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  fs.rmSync(root, { recursive: true, force: true });
});

async function serve(opts: Partial<StaticServerOptions> = {}): Promise<string> {
  const server = createStaticServer({ root, spaFallback: true, remotes: true, env: readEnv({}), ...opts });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('static server of dist/ (wf-app serve)', () => {
  let base: string;
  beforeAll(async () => {
    base = await serve();
  });

  it.each([
    ['/', 'text/html; charset=utf-8', FILES['index.html']],
    ['/index.html', 'text/html; charset=utf-8', FILES['index.html']],
    ['/remoteEntry.js', 'text/javascript; charset=utf-8', FILES['remoteEntry.js']],
    ['/mf-manifest.json', 'application/json; charset=utf-8', FILES['mf-manifest.json']],
    ['/privacy-policy.pdf', 'application/pdf', FILES['privacy-policy.pdf']],
    ['/data.bin', 'application/octet-stream', FILES['data.bin']],
    ['/docs/', 'text/html; charset=utf-8', FILES['docs/index.html']],
  ])('serves entry file %s with no-cache, its type, length, CORS and nosniff', async (p, type, body) => {
    const r = await fetch(base + p);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('content-type')).toBe(type);
    expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(body!)));
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await r.text()).toBe(body);
  });

  it.each([`/${HASHED_CHUNK}`, '/css/main.fedcba9876543210.css'])(
    'serves the content-hashed %s as immutable for a year',
    async (p) => {
      const r = await fetch(base + p);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('answers a client-side route with index.html (SPA fallback), not a missing file with an extension', async () => {
    const page = await fetch(`${base}/explore/some-place?x=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(FILES['index.html']);
    const missing = await fetch(`${base}/js/gone.0123456789abcdef.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(await missing.text()).toBe('not found');
  });

  it('without the SPA fallback an unknown path is a 404', async () => {
    const plain = await serve({ spaFallback: false, remotes: false });
    expect((await fetch(`${plain}/explore/some-place`)).status).toBe(404);
    expect((await fetch(`${plain}/remotes.json`)).status).toBe(404);
  });

  it('serves /runtime-config.js and /remotes.json from the environment, no-cache', async () => {
    const cfg = await fetch(`${base}/runtime-config.js`);
    expect(cfg.status).toBe(200);
    expect(cfg.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(cfg.headers.get('cache-control')).toBe('no-cache');
    expect(await cfg.text()).toMatch(/^window\.__WAYFARER_CONFIG__ = \{.*"apiUrl":"http:\/\/localhost:4000"/);
    const remotes = await fetch(`${base}/remotes.json`);
    expect(remotes.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(remotes.headers.get('cache-control')).toBe('no-cache');
    expect(await remotes.json()).toEqual({
      explore: 'http://localhost:3001',
      account: 'http://localhost:3002',
      marketing: 'http://localhost:3003',
      admin: 'http://localhost:3004',
    });
  });

  it('answers OPTIONS with 204 and CORS, other methods with 405, HEAD with headers only', async () => {
    const pre = await fetch(`${base}/remoteEntry.js`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const post = await fetch(`${base}/remoteEntry.js`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: 'method not allowed' });
    const head = await fetch(`${base}/remoteEntry.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILES['remoteEntry.js']!.length));
    expect(head.headers.get('cache-control')).toBe('no-cache');
    expect(await head.text()).toBe('');
  });

  it('refuses a path outside dist/ (403) and a malformed escape (400)', async () => {
    const escape = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(escape.status).toBe(403);
    const bad = await fetch(`${base}/%E0%A4%A`);
    expect(bad.status).toBe(400);
  });

  it('answers a missing /favicon.ico with an empty 204', async () => {
    const r = await fetch(`${base}/favicon.ico`);
    expect(r.status).toBe(204);
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    for (const p of ['/remoteEntry.js', `/${HASHED_CHUNK}`, '/']) {
      const first = await fetch(base + p);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await fetch(base + p, { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('a new ETag once the file changes (a redeploy of an entry file)', async () => {
    const file = path.join(root, 'mf-manifest.json');
    const before = (await fetch(`${base}/mf-manifest.json`)).headers.get('etag');
    fs.writeFileSync(file, '{"name":"explore","v":2}');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const r = await fetch(`${base}/mf-manifest.json`, { headers: { 'If-None-Match': before! } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ name: 'explore', v: 2 });
    // A file added by the redeploy is served without a restart.
    fs.writeFileSync(path.join(root, 'js/9.aaaaaaaaaaaaaaaa.js'), 'new');
    expect(await (await fetch(`${base}/js/9.aaaaaaaaaaaaaaaa.js`)).text()).toBe('new');
  });

  it('a file deleted between its lookup and its read: a clean 404 for that request, and the server keeps serving', async () => {
    const victim = path.join(root, 'js/7.bbbbbbbbbbbbbbbb.js');
    fs.writeFileSync(victim, 'soon gone');
    const racy = await serve({
      beforeRead: (pathname) => {
        if (pathname === '/js/7.bbbbbbbbbbbbbbbb.js') fs.rmSync(victim);
      },
    });
    const r = await fetch(`${racy}/js/7.bbbbbbbbbbbbbbbb.js`);
    expect(r.status).toBe(404);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('etag')).toBeNull();
    expect(await r.text()).toBe('not found');
    const next = await fetch(`${racy}/${HASHED_CHUNK}`);
    expect(next.status).toBe(200);
    expect(await next.text()).toBe(FILES[HASHED_CHUNK]);
  });
});

describe('content negotiation of the precompressed copies the build writes (x.br, x.gz)', () => {
  const js = 'export const answer = 42; '.repeat(200);
  const html = `<!doctype html><title>shell</title>${'<p>hello</p>'.repeat(100)}`;
  let dir: string;
  let base: string;

  /** One raw request (fetch would decode the body and hide Content-Encoding from the assertions). */
  function get(p: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(base + p, { headers }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
            );
          })
          .on('error', reject);
      },
    );
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-serve-enc-'));
    fs.mkdirSync(path.join(dir, 'js'));
    for (const [name, body] of [
      ['js/main.js', js],
      ['index.html', html],
    ] as const) {
      fs.writeFileSync(path.join(dir, name), body);
      fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(body));
      fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body));
    }
    fs.writeFileSync(path.join(dir, 'js/small.js'), 'var a=1;');
    const server = createStaticServer({ root: dir, spaFallback: true, remotes: true, env: readEnv({}) });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends brotli to a browser that accepts it, with the JavaScript type and Vary: Accept-Encoding', async () => {
    const r = await get('/js/main.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(js.length / 10);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(js);
  });

  it('sends gzip when brotli is not accepted, and the raw file when nothing is', async () => {
    const gz = await get('/js/main.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(js);
    const raw = await get('/js/main.js');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toBe('Accept-Encoding');
    expect(raw.body.toString()).toBe(js);
  });

  it('answers a client-side route with the compressed index.html (no-cache, HTML type)', async () => {
    const r = await get('/explore/123', { 'Accept-Encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(html);
  });

  it('gives each encoding its own ETag and answers 304 to the one the browser holds', async () => {
    const br = await get('/js/main.js', { 'Accept-Encoding': 'br' });
    const gz = await get('/js/main.js', { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get('/js/main.js', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await get('/js/main.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': br.headers.etag!,
    });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });

  it('serves a file that has no compressed copy as it is', async () => {
    const r = await get('/js/small.js', { 'Accept-Encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('var a=1;');
  });
});

describe("the app's page with its runtime config written in", () => {
  const page = (head: string) =>
    `<!doctype html><html><head><title>shell</title>${head}<script>preloader()</script></head><body><div id=root></div><script defer src=/js/main.js></script></body></html>`;
  let dir: string;
  let base: string;
  let server: ReturnType<typeof createStaticServer>;

  function get(p: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(base + p, { headers }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
            );
          })
          .on('error', reject);
      },
    );
  }
  const text = async (p: string) => (await get(p)).body.toString();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-serve-page-'));
    // As html-webpack-plugin's minifier writes it (no quotes).
    fs.writeFileSync(path.join(dir, 'index.html'), page('<script src=/runtime-config.js></script>'));
    fs.writeFileSync(path.join(dir, 'about.html'), '<p>a page of its own</p>');
    server = createStaticServer({
      root: dir,
      spaFallback: true,
      remotes: true,
      env: readEnv({
        API_URL: 'http://api.example.test:4000',
        MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png',
      }),
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('needs no request for its config: the script that read /runtime-config.js is inline, before the preloader', async () => {
    const html = await text('/');
    expect(html).not.toContain('src=/runtime-config.js');
    const inline = html.match(/<script>(window\.__WAYFARER_CONFIG__ = [^<]*)<\/script><link/)?.[1];
    const config = new Function('window', `${inline}; return window.__WAYFARER_CONFIG__;`)({}) as {
      apiUrl: string;
    };
    expect(config.apiUrl).toBe('http://api.example.test:4000');
    expect(html.indexOf('__WAYFARER_CONFIG__')).toBeLessThan(html.indexOf('preloader()'));
    // The same config as the script still served for other pages.
    const script = await (await fetch(`${base}/runtime-config.js`)).text();
    expect(script.trim()).toBe(inline);
  });

  it('warms up the connection to the API on every page, and to the map tiles on the map pages only', async () => {
    const api = '<link rel="preconnect" href="http://api.example.test:4000" crossorigin>';
    const tiles = '<link rel="preconnect" href="https://tiles.example.test">';
    for (const p of ['/', '/pricing', '/login', '/unknown/path']) {
      expect(await text(p)).toContain(api);
      expect(await text(p)).not.toContain(tiles);
    }
    for (const p of ['/explore', '/explore/wd-Q243']) expect(await text(p)).toContain(api + tiles);
  });

  it("warms up the connection to the route's remote (the page's next requests), none for a path no remote owns", async () => {
    const env = readEnv({});
    const remote = (url: string) => `<link rel="preconnect" href="${new URL(url).origin}" crossorigin>`;
    expect(await text('/pricing')).toContain(remote(env.REMOTE_MARKETING_URL));
    expect(await text('/pricing')).not.toContain(remote(env.REMOTE_EXPLORE_URL));
    expect(await text('/explore/wd-Q243')).toContain(remote(env.REMOTE_EXPLORE_URL));
    expect(await text('/admin/news')).toContain(remote(env.REMOTE_ADMIN_URL));
    const unknown = await text('/unknown/path');
    for (const url of [env.REMOTE_MARKETING_URL, env.REMOTE_EXPLORE_URL, env.REMOTE_ACCOUNT_URL])
      expect(unknown).not.toContain(remote(url));
  });

  it('cannot be broken out of by a config value', async () => {
    const hostile = createStaticServer({
      root: dir,
      spaFallback: true,
      remotes: true,
      env: readEnv({ GEOCODE_URL: 'https://x.test/</script><script>alert(1)</script>' }),
    });
    servers.push(hostile);
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
    const r = await fetch(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`);
    const html = await r.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('is compressed by Accept-Encoding, no-cache, with an ETag per encoding and 304 on a match', async () => {
    const br = await get('/explore/1', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain('__WAYFARER_CONFIG__');
    const gz = await get('/explore/1', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(zlib.brotliDecompressSync(br.body).toString());
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const again = await get('/explore/1', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('changes once the page is redeployed, and leaves real files and a page without the config tag alone', async () => {
    const before = await get('/', { 'Accept-Encoding': 'br' });
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      page('<script src="/runtime-config.js"></script><meta name=v content=2>'),
    );
    const after = await get('/', { 'Accept-Encoding': 'br' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(zlib.brotliDecompressSync(after.body).toString()).toContain('<meta name=v content=2>');
    expect(await text('/about')).toBe('<p>a page of its own</p>');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>plain</title>');
    expect(await text('/anything')).toBe('<!doctype html><title>plain</title>');
  });
});

describe('published versions of a remote (releasesRoot)', () => {
  let base: string;
  let releases: string;
  beforeAll(async () => {
    releases = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-serve-releases-'));
    fs.mkdirSync(path.join(releases, '2.0.0', 'js'), { recursive: true });
    fs.writeFileSync(
      path.join(releases, '2.0.0', 'mf-manifest.json'),
      '{"name":"explore","release":"2.0.0"}',
    );
    fs.writeFileSync(path.join(releases, '2.0.0', HASHED_CHUNK), 'console.log("v2");');
    base = await serve({ remotes: false, releasesRoot: releases });
  });
  afterAll(() => fs.rmSync(releases, { recursive: true, force: true }));

  it('serves /releases/<version>/ from its folder with the usual cache and CORS headers', async () => {
    const manifest = await fetch(`${base}/releases/2.0.0/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(await manifest.text()).toBe('{"name":"explore","release":"2.0.0"}');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const chunk = await fetch(`${base}/releases/2.0.0/${HASHED_CHUNK}`);
    expect(await chunk.text()).toBe('console.log("v2");');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The current build stays at the root.
    expect(await (await fetch(`${base}/mf-manifest.json`)).text()).not.toContain('release');
  });

  it('answers 404 for a version or file that is not there, never the SPA page', async () => {
    for (const p of [
      '/releases/9.9.9/mf-manifest.json',
      '/releases/2.0.0/remoteEntry.js',
      '/releases/2.0.0/',
    ]) {
      const res = await fetch(`${base}${p}`);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
    }
  });
});

describe('security headers: Content-Security-Policy, frame protection, no public source maps', () => {
  let dir: string;
  let base: string;
  const env = readEnv({
    API_URL: 'http://api.example.test:4000',
    MAP_TILE_URL: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
    S3_ENDPOINT: 'http://127.0.0.1:4569',
    RELEASE_MANIFEST_ORIGINS: 'https://cdn.example.test',
  });
  const directives = (csp: string | null) =>
    Object.fromEntries(
      (csp ?? '').split(/;\s*/).map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    ) as Record<string, string[]>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-serve-csp-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><script src=/runtime-config.js></script><script>preloader()</script></head><body><div id=root></div><script defer src=/js/main.js></script></body></html>',
    );
    fs.mkdirSync(path.join(dir, 'js'));
    fs.writeFileSync(path.join(dir, 'js', 'main.js'), 'main()');
    // A map an older build left in the folder: never served.
    fs.writeFileSync(path.join(dir, 'js', 'main.js.map'), '{"sources":["src/secret.ts"]}');
    const server = createStaticServer({ root: dir, spaFallback: true, remotes: true, env });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("sends a policy that allows the page's own inline scripts by hash, never any other inline script", async () => {
    const r = await fetch(`${base}/explore`);
    const html = await r.text();
    const csp = directives(r.headers.get('content-security-policy'));
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    const hashes = inline.map(
      (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
    );
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", ...hashes]));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    // The remotes (their current builds and where the release registry may point) may run scripts.
    expect(csp['script-src']).toEqual(
      expect.arrayContaining([new URL(env.REMOTE_EXPLORE_URL).origin, 'https://cdn.example.test']),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['http://api.example.test:4000', 'http://127.0.0.1:4569']),
    );
    expect(csp['img-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'blob:',
        'https://*.tiles.example.test',
        'http://127.0.0.1:4569',
      ]),
    );
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
  });

  it.each(['/', '/explore', '/js/main.js', '/remotes.json', '/no/such/file.js'])(
    'frames nothing, sniffs nothing and sends the origin only to other sites: %s',
    async (p) => {
      const r = await fetch(`${base}${p}`);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(directives(r.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    },
  );

  it('answers 404 for a source map, even one that is in the folder', async () => {
    for (const p of ['/js/main.js.map', '/js/MAIN.JS.MAP', '/releases/1.0.0/js/main.js.map']) {
      const r = await fetch(`${base}${p}`);
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
      expect(await r.text()).not.toContain('secret');
    }
  });
});
