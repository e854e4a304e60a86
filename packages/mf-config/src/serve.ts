import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
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

const HASHED = /\.[0-9a-f]{16}\./;

/**
 * A small production static server: each app on its own origin, CORS for manifests and chunks, no-cache for
 * entry points (mf-manifest.json, remoteEntry.js, index.html), immutable caching for content-hashed files.
 */
export function createStaticServer(opts: StaticServerOptions): http.Server {
  const root = path.resolve(opts.root);
  return http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('X-Content-Type-Options', 'nosniff');
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
    const done = (status: number) => opts.log?.(`${req.method} ${url.pathname} ${status} ${Date.now() - started}ms`);
    if (url.pathname === '/runtime-config.js') {
      // Computed per request: a test harness may change opts.env while the server runs.
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' }).end(runtimeConfigScript(opts.env));
      return done(200);
    }
    if (opts.remotes && url.pathname === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' }).end(JSON.stringify(remoteMap(opts.env)));
      return done(200);
    }
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'Content-Type': TYPES['.json'] }).end('{"ok":true}');
      return done(200);
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return done(400);
    }
    let file = path.join(root, rel);
    if (!file.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return done(403);
    }
    let stat = await fs.stat(file).catch(() => null);
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = await fs.stat(file).catch(() => null);
    }
    if (!stat && opts.spaFallback && !path.extname(rel)) {
      file = path.join(root, 'index.html');
      stat = await fs.stat(file).catch(() => null);
    }
    if (!stat && url.pathname === '/favicon.ico') {
      // The pages carry an inline icon; browsers still probe /favicon.ico on non-HTML documents.
      res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' }).end();
      return done(204);
    }
    if (!stat) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return done(404);
    }
    const ext = path.extname(file);
    const cache = HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': stat.size,
      'Cache-Control': cache,
    });
    if (req.method === 'HEAD') {
      res.end();
      return done(200);
    }
    createReadStream(file).pipe(res);
    done(200);
  });
}
