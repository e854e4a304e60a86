import { createHash } from 'node:crypto';
import { remoteMap, runtimeConfig, type FrontEnv } from './env';

/**
 * The security headers of every answer of the static server (`wf-app serve`, the shell's and each remote's): the
 * page's Content-Security-Policy, frame protection, no MIME sniffing, and a referrer policy that sends other sites
 * the origin only.
 */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * A URL's origin as a CSP source, or null: a tile template's `{z}/{x}/{y}` are placeholders, and a `{s}` subdomain
 * (`https://{s}.tile.example.org/…`) becomes a wildcard (`https://*.tile.example.org`).
 */
export function cspSourceOf(url: string): string | null {
  if (!url) return null;
  const wildcard = /^https?:\/\/\{s\}\./.test(url);
  try {
    const u = new URL(url.replace(/^(https?:\/\/)\{s\}\./, '$1s.').replace(/\{[^}]*\}/g, '0'));
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return wildcard ? `${u.protocol}//*.${u.host.slice(2)}` : u.origin;
  } catch {
    return null;
  }
}

const list = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((o) => cspSourceOf(o.trim()))
    .filter((o): o is string => o !== null);

/** The SHA-256 sources (`'sha256-…'`) of the inline scripts (no `src`) of an HTML page, as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${m[1] ?? ''}`) || !m[2]) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...out];
}

/**
 * The Content-Security-Policy of a page served with `env`: scripts from this origin, the remotes' origins (those
 * of the remote map and those the release registry may hand out, RELEASE_MANIFEST_ORIGINS) and the page's own
 * inline scripts by hash (no 'unsafe-inline' for scripts); connections to the API, the remotes, media, tiles, map
 * data and geocoding; images from those and data:/blob:; inline styles allowed (React's style attributes and the
 * style elements the apps' CSS is injected as); no framing, plugins or <base> elsewhere. The intl warm-up worker
 * is a data: URL (worker-src), with no access to the page's origin.
 */
export function contentSecurityPolicy(env: FrontEnv, scriptHashes: readonly string[] = []): string {
  const cfg = runtimeConfig(env);
  const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const remotes = uniq([
    ...Object.values(remoteMap(env)).map((u) => cspSourceOf(u)),
    ...list(env.RELEASE_MANIFEST_ORIGINS),
  ]);
  const api = uniq([cspSourceOf(cfg.apiUrl), cspSourceOf(cfg.supabaseUrl)]);
  const media = uniq([cspSourceOf(env.S3_ENDPOINT), ...list(env.MEDIA_ORIGINS)]);
  const tiles = cspSourceOf(cfg.mapTileUrl);
  // The PMTiles base map is read with fetch() (range requests): a connection, not an image.
  const data = uniq([
    cspSourceOf(cfg.mapDataUrl),
    cspSourceOf(cfg.mapPmtilesUrl),
    cspSourceOf(cfg.geocodeUrl),
  ]);
  const src = (...xs: (string | null | undefined)[]) => uniq(xs).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', src("'self'", ...remotes, ...scriptHashes)],
    ['style-src', src("'self'", "'unsafe-inline'", ...remotes)],
    [
      'img-src',
      src("'self'", 'data:', 'blob:', ...api, ...media, ...remotes, tiles, ...list(env.CSP_IMG_ORIGINS)),
    ],
    ['media-src', src("'self'", 'blob:', ...api, ...media)],
    ['font-src', src("'self'", 'data:', ...remotes)],
    ['connect-src', src("'self'", ...api, ...remotes, ...media, tiles, ...data)],
    ['worker-src', src("'self'", 'data:')],
    ['manifest-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}
