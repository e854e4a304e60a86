import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { findRoute } from '@wayfarer/contracts';
import { remoteMap, runtimeConfig, runtimeConfigScript, type FrontEnv } from './env';
import { STATIC_SECURITY_HEADERS, contentSecurityPolicy, inlineScriptHashes } from './security-headers';

export interface StaticServerOptions {
  root: string;
  /** Serve index.html for unknown paths (the shell's client-side routes). */
  spaFallback: boolean;
  /** Serve `/remotes.json` (the shell). */
  remotes: boolean;
  env: FrontEnv;
  /** Test hook: artificial delay in ms for requests whose path matches. */
  delay?: { pattern: RegExp; ms: number };
  /** Test hook: answer this status for requests whose path matches. */
  failWith?: { pattern: RegExp; status: number };
  log?: (line: string) => void;
  /** Test hook: runs once a file is found and before it is read (a redeploy deleting it in between). */
  beforeRead?: (pathname: string) => void;
  /**
   * A remote's published versions (`pnpm release:publish`): `/releases/<version>/<file>` is served from
   * `<releasesRoot>/<version>/<file>` with the same headers as the current build, never the SPA page.
   */
  releasesRoot?: string;
}

/** The URL prefix of a remote's published versions (`/releases/<version>/mf-manifest.json`). */
export const RELEASES_PREFIX = '/releases/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Headers a failed file answer keeps (CORS, the security headers); the file's own (type, cache, ETag) go. */
const KEEP_ON_ERROR = new Set([
  'access-control-allow-origin',
  'access-control-allow-methods',
  'content-security-policy',
  ...Object.keys(STATIC_SECURITY_HEADERS).map((h) => h.toLowerCase()),
]);

/** Source maps are kept out of the served folder by the build (webpack.ts); any left there is not served either. */
const SOURCE_MAP = /\.map$/i;

const HASHED = /\.[0-9a-f]{16}\./;

/** The page's reference to its runtime config (html-webpack-plugin's minifier drops the quotes). */
const CONFIG_TAG = /<script src="?\/runtime-config\.js"?><\/script>/;

/** The origin of a URL or a tile template (`https://tile.example.org/{z}/{x}/{y}.png`); null when there is none. */
function originOf(url: string): string | null {
  if (!url || /\{s\}/.test(url)) return null;
  try {
    const u = new URL(url.replace(/\{[^}]*\}/g, '0'));
    return /^https?:$/.test(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What replaces the page's `<script src="/runtime-config.js">`: the same script inline (a separate request
 * blocked rendering and held back the remote preloader that reads it, one round trip on every first visit), then
 * preconnects to the API (every page calls it) and to the origins the route needs at once (the map tiles, and the
 * remote that serves the route).
 */
function pageHead(env: FrontEnv, pathname: string, ownOrigin: string | null): string {
  const cfg = runtimeConfig(env);
  // `<` escaped inside the JSON's strings: nothing in the config can end the script element.
  const head = [`<script>${runtimeConfigScript(env).trim().replace(/</g, '\\u003c')}</script>`];
  const origins = new Map<string, boolean>();
  const api = originOf(cfg.apiUrl);
  // fetch() to another origin without credentials: the anonymous connection pool (crossorigin).
  if (api) origins.set(api, true);
  const route = findRoute(pathname);
  for (const o of route?.preconnect ?? []) {
    // Leaflet's tiles are plain <img> requests: the credentialed pool.
    const origin = o === 'mapTiles' ? originOf(cfg.mapTileUrl) : null;
    if (origin && !origins.has(origin)) origins.set(origin, false);
  }
  // The route's remote: its entry and chunks are the page's next requests (crossorigin scripts, the anonymous pool).
  const remote = route ? originOf(cfg.remotes[route.remote] ?? '') : null;
  if (remote && !origins.has(remote)) origins.set(remote, true);
  for (const [origin, cors] of origins)
    if (origin !== ownOrigin)
      head.push(`<link rel="preconnect" href="${escapeAttr(origin)}"${cors ? ' crossorigin' : ''}>`);
  return head.join('');
}

interface Page {
  /** File identity (mtime, size) and the head written in: a redeploy or another environment makes a new page. */
  key: string;
  html: Buffer;
  /** The page's Content-Security-Policy: its own inline scripts by hash. */
  csp: string;
  etag: string;
  bodies: Map<'br' | 'gzip' | 'identity', Buffer>;
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

/**
 * sirv writes a file's head and then pipes a read stream it never listens to for errors (sirv 3.0.2, send()): a
 * file deleted by a redeploy after sirv's stat would crash the process on an unhandled 'error'. For one response,
 * this holds the 200/206 head until the stream has opened the file, and answers a stream error cleanly (404 when
 * the file is gone, 500 otherwise) while nothing is sent yet, or cuts the connection if it fails mid-body.
 */
function guardFileStream(res: http.ServerResponse, onFailed: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: http.OutgoingHttpHeaders,
  ) => http.ServerResponse;
  const hold = (status: number, headers?: http.OutgoingHttpHeaders) => {
    Reflect.deleteProperty(res, 'writeHead');
    if (status !== 200 && status !== 206) return writeHead(status, headers);
    res.once('pipe', (src: Readable) => {
      res.once('close', () => src.destroy());
      src.once('open', () => writeHead(status, headers));
      src.once('error', (err: NodeJS.ErrnoException) => {
        if (res.headersSent) return void res.destroy(err);
        const missing = err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR';
        onFailed(missing ? 404 : 500);
      });
    });
    return res;
  };
  Object.defineProperty(res, 'writeHead', { value: hold, configurable: true, writable: true });
}

/**
 * The address the apps' servers (`wf-app serve` and `dev`) listen on: HOST when set (e.g. 0.0.0.0 in a container),
 * else loopback only, so a development machine does not serve its apps (and their runtime configuration) to the
 * local network. 'localhost' is taken as 127.0.0.1: Node listens on the first address a name resolves to, which
 * may be ::1 alone, while the cluster's readiness checks reach the apps on 127.0.0.1 (browsers and Node's fetch try
 * both loopback addresses for http://localhost).
 */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST?.trim();
  return !host || host === 'localhost' ? '127.0.0.1' : host;
}

/**
 * The production static server: each app on its own origin, CORS for manifests and chunks, no-cache for entry
 * points (mf-manifest.json, remoteEntry.js, index.html), immutable caching for content-hashed files, an ETag on
 * every file (304 on a match). Files are found by sirv with a stat per request (its `dev` mode), so a redeploy
 * into dist/ is served without a restart.
 */
export function createStaticServer(opts: StaticServerOptions): http.Server {
  const root = path.resolve(opts.root);
  const notFound = (res: http.ServerResponse, status = 404) => {
    for (const h of res.getHeaderNames()) if (!KEEP_ON_ERROR.has(h)) res.removeHeader(h);
    res
      .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(status === 404 ? 'not found' : 'could not read the file');
  };
  const sirvFor = (dir: string, single: boolean, extensions: string[]) =>
    sirv(dir, {
      dev: true,
      etag: true,
      // The build writes x.br and x.gz next to every text asset (webpack.ts, precompress): the best one the
      // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding; the raw file otherwise.
      brotli: true,
      gzip: true,
      single,
      extensions,
      setHeaders: (res, pathname) => {
        // Headers set here win over sirv's (its dev mode says no-cache, its types lack a charset).
        // The type follows the path; a path without an extension (a folder, an SPA route) is answered by an index.html.
        const ext = pathname.endsWith('/') ? '' : path.extname(pathname);
        res.setHeader('Content-Type', ext ? (TYPES[ext] ?? 'application/octet-stream') : TYPES['.html']!);
        res.setHeader(
          'Cache-Control',
          HASHED.test(path.basename(pathname)) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        opts.beforeRead?.(pathname);
        guardFileStream(res, (status) => notFound(res, status));
      },
      onNoMatch: (req, res) => {
        if (new URL(req.url ?? '/', 'http://localhost').pathname === '/favicon.ico') {
          // The pages carry an inline icon; browsers still probe /favicon.ico on non-HTML documents.
          res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' }).end();
          return;
        }
        notFound(res);
      },
    });
  const files = sirvFor(root, opts.spaFallback, ['html']);
  const releases = opts.releasesRoot ? path.resolve(opts.releasesRoot) : null;
  const releaseFiles = releases ? sirvFor(releases, false, []) : null;
  // The app's page (index.html) with its runtime config written in, per head (a route may add a preconnect).
  const pages = new Map<string, Page>();
  /** Answers with the app's page when `rel` is answered by index.html and it references the runtime config. */
  const servePage = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rel: string,
    pathname: string,
  ): boolean => {
    const isPage =
      rel === '/' ||
      rel === '/index.html' ||
      (opts.spaFallback &&
        !path.extname(rel) &&
        !rel.endsWith('/') &&
        ![rel, `${rel}.html`, path.join(rel, 'index.html')].some((f) => fs.existsSync(path.join(root, f))));
    if (!isPage) return false;
    const file = path.join(root, 'index.html');
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return false;
    }
    const host = req.headers.host;
    const head = pageHead(opts.env, pathname, host ? `http://${host}` : null);
    const key = `${stat.mtimeMs}:${stat.size}:${head}`;
    let page = pages.get(head);
    if (!page || page.key !== key) {
      let source: string;
      try {
        source = fs.readFileSync(file, 'utf8');
      } catch {
        return false;
      }
      if (!CONFIG_TAG.test(source)) return false;
      const text = source.replace(CONFIG_TAG, () => head);
      const html = Buffer.from(text);
      page = {
        key,
        html,
        csp: contentSecurityPolicy(opts.env, inlineScriptHashes(text)),
        etag: createHash('sha1').update(html).digest('base64url').slice(0, 16),
        bodies: new Map(),
      };
      if (pages.size > 32) pages.clear();
      pages.set(head, page);
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    let body = page.bodies.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === 'gzip'
            ? zlib.gzipSync(page.html, { level: 9 })
            : page.html;
      page.bodies.set(encoding, body);
    }
    const etag = `W/"${page.etag}-${encoding}"`;
    res.setHeader('Content-Type', TYPES['.html']!);
    res.setHeader('Content-Security-Policy', page.csp);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return true;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200).end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
  return http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
    // Every answer carries the policy (a page's own adds its inline scripts' hashes): an HTML file served as it is,
    // the service worker's script (whose fetches it governs), an error page.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(opts.env));
    if (opts.log)
      res.once('finish', () =>
        opts.log?.(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`),
      );
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'application/json' }).end('{"error":"method not allowed"}');
      return;
    }
    if (opts.delay && opts.delay.pattern.test(url.pathname))
      await new Promise((r) => setTimeout(r, opts.delay!.ms));
    if (opts.failWith && opts.failWith.pattern.test(url.pathname)) {
      res.writeHead(opts.failWith.status, { 'Content-Type': 'text/plain' }).end('simulated failure');
      return;
    }
    if (url.pathname === '/runtime-config.js') {
      // Computed per request: a test harness may change opts.env while the server runs.
      res
        .writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' })
        .end(runtimeConfigScript(opts.env));
      return;
    }
    if (opts.remotes && url.pathname === '/remotes.json') {
      res
        .writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' })
        .end(JSON.stringify(remoteMap(opts.env)));
      return;
    }
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'Content-Type': TYPES['.json'] }).end('{"ok":true}');
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    if (SOURCE_MAP.test(rel)) {
      notFound(res);
      return;
    }
    // sirv skips a path outside its root; this says so (403) instead of answering with the SPA page.
    if (!path.join(root, rel).startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (rel.startsWith(RELEASES_PREFIX) && releases && releaseFiles) {
      const inner = rel.slice(RELEASES_PREFIX.length - 1);
      if (!path.join(releases, inner).startsWith(releases)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      req.url = `${inner}${url.search}`;
      releaseFiles(req, res);
      return;
    }
    if (servePage(req, res, rel, url.pathname)) return;
    files(req, res);
  });
}
