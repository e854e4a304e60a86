import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sirv from 'sirv';
import { remoteMap, runtimeConfigScript, type FrontEnv } from './env';

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
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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

/** Headers a failed file answer keeps (CORS, nosniff); the file's own (type, cache, ETag) go. */
const KEEP_ON_ERROR = new Set(['access-control-allow-origin', 'access-control-allow-methods', 'x-content-type-options']);

const HASHED = /\.[0-9a-f]{16}\./;

/**
 * sirv writes a file's head and then pipes a read stream it never listens to for errors (sirv 3.0.2, send()): a
 * file deleted by a redeploy after sirv's stat would crash the process on an unhandled 'error'. For one response,
 * this holds the 200/206 head until the stream has opened the file, and answers a stream error cleanly (404 when
 * the file is gone, 500 otherwise) while nothing is sent yet, or cuts the connection if it fails mid-body.
 */
function guardFileStream(res: http.ServerResponse, onFailed: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: http.OutgoingHttpHeaders) => http.ServerResponse;
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
  const files = sirv(root, {
    dev: true,
    etag: true,
    // The build writes x.br and x.gz next to every text asset (webpack.ts, precompress): the best one the
    // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding; the raw file otherwise.
    brotli: true,
    gzip: true,
    single: opts.spaFallback,
    extensions: ['html'],
    setHeaders: (res, pathname) => {
      // Headers set here win over sirv's (its dev mode says no-cache, its types lack a charset).
      // The type follows the path; a path without an extension (a folder, an SPA route) is answered by an index.html.
      const ext = pathname.endsWith('/') ? '' : path.extname(pathname);
      res.setHeader('Content-Type', ext ? (TYPES[ext] ?? 'application/octet-stream') : TYPES['.html']!);
      res.setHeader('Cache-Control', HASHED.test(path.basename(pathname)) ? 'public, max-age=31536000, immutable' : 'no-cache');
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
  return http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (opts.log) res.once('finish', () => opts.log?.(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`));
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'application/json' }).end('{"error":"method not allowed"}');
      return;
    }
    if (opts.delay && opts.delay.pattern.test(url.pathname)) await new Promise((r) => setTimeout(r, opts.delay!.ms));
    if (opts.failWith && opts.failWith.pattern.test(url.pathname)) {
      res.writeHead(opts.failWith.status, { 'Content-Type': 'text/plain' }).end('simulated failure');
      return;
    }
    if (url.pathname === '/runtime-config.js') {
      // Computed per request: a test harness may change opts.env while the server runs.
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' }).end(runtimeConfigScript(opts.env));
      return;
    }
    if (opts.remotes && url.pathname === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' }).end(JSON.stringify(remoteMap(opts.env)));
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
    // sirv skips a path outside its root; this says so (403) instead of answering with the SPA page.
    if (!path.join(root, rel).startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    files(req, res);
  });
}
