import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers under this many bytes go out as they are: compressing them saves less than its headers and CPU cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What is compressed: JSON (application/json and every +json type, PostgREST's vnd.pgrst.object+json included),
 * text (HTML pages, CSV exports) and JavaScript/XML. Not event streams, and never media: audio, images and other
 * binary answers are already compressed (their routes also say `compress: false`).
 */
const COMPRESSIBLE =
  /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|(?:[\w.-]+\+)?xml))\s*(?:;|$)/i;
export const isCompressibleType = (type: string): boolean => COMPRESSIBLE.test(type);

export interface CompressionOptions {
  /** Brotli quality 0-11 (zlib's default 11 costs ~30x quality 1 for a few % on JSON). */
  brotliQuality?: number;
  /** gzip level 1-9. */
  gzipLevel?: number;
  /**
   * Answers up to this size are compressed in place on the event loop (no stream, no thread-pool round trip);
   * larger ones are streamed through zlib on the thread pool. The plugin's default is 8 KiB on two cores.
   */
  syncThreshold?: number;
}

/** Measured on the nearby answer (35-70 KB of JSON) in `pnpm bench api`: see api/README.md. */
export const DEFAULT_COMPRESSION: Required<CompressionOptions> = {
  brotliQuality: 1,
  gzipLevel: 1,
  syncThreshold: 1024 * 1024,
};

/**
 * Compression of answers by Accept-Encoding (br preferred, then gzip) with @fastify/compress: every JSON or text
 * answer of COMPRESS_THRESHOLD bytes or more, with `Vary: Accept-Encoding`. Request bodies are not decompressed
 * (no client sends them compressed; a Content-Encoding on a request is left as before). Register before the routes.
 */
const NO_COMPRESSED_COPY = 'wfNoCompressedCopy';

/** How often a Buffer answer went out in a compressed copy made for an earlier answer of the same Buffer. */
export const compressedCopyStats = { made: 0, reused: 0 };

/**
 * The encoding to send for an Accept-Encoding header, br preferred over gzip at equal weight; null for none (the
 * plugin then sends the answer as it is). `*` stands for br.
 */
export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let best: 'br' | 'gzip' | null = null;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((x) => x.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > 0)) continue;
    const name = token === '*' ? 'br' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    if (weight > bestQ || (weight === bestQ && name === 'br')) {
      best = name;
      bestQ = weight;
    }
  }
  return best;
}

export async function registerCompression(
  app: FastifyInstance,
  options: CompressionOptions = {},
): Promise<void> {
  const o = { ...DEFAULT_COMPRESSION, ...options };
  const brotli = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: o.brotliQuality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  };
  // A cache must not hand a compressed copy to a client that cannot read it, nor pin the identity copy for every
  // client: an answer that would be compressed for another Accept-Encoding says so even when it goes out as is.
  // (The plugin adds Vary only when it compresses; this hook runs before the plugin's own, per route, onSend.)
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      Buffer.byteLength(payload) >= COMPRESS_THRESHOLD
    ) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && isCompressibleType(type)) addVary(reply);
    }
    done(null, payload);
  });
  // An answer sent as the very same Buffer again (nearby's recent answers, any precomputed body) is compressed
  // once per encoding: the copy lives as long as the Buffer does. Other answers are left to the plugin below.
  const copies = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();
  // A route that says `compress: false` keeps its answers as they are here too.
  app.addHook('onRoute', (route) => {
    if ((route as { compress?: unknown }).compress === false)
      route.config = { ...route.config, [NO_COMPRESSED_COPY]: true } as typeof route.config;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (
      !Buffer.isBuffer(payload) ||
      payload.length < COMPRESS_THRESHOLD ||
      req.method !== 'GET' ||
      reply.statusCode !== 200
    )
      return done(null, payload);
    if ((req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[NO_COMPRESSED_COPY])
      return done(null, payload);
    if (
      req.headers['x-no-compression'] !== undefined ||
      reply.getHeader('content-encoding') ||
      reply.getHeader('content-range') !== undefined
    )
      return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !isCompressibleType(type)) return done(null, payload);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    let entry = copies.get(payload);
    let body = entry?.[encoding];
    if (body) compressedCopyStats.reused++;
    else {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(payload, brotli)
          : zlib.gzipSync(payload, { level: o.gzipLevel });
      if (!entry) copies.set(payload, (entry = {}));
      entry[encoding] = body;
      compressedCopyStats.made++;
    }
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    done(null, body);
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: o.syncThreshold,
    customTypes: isCompressibleType,
    brotliOptions: brotli,
    zlibOptions: { level: o.gzipLevel },
  });
}

/** Adds `accept-encoding` to Vary (lower case, as the plugin looks for it, so it is never listed twice). */
function addVary(reply: import('fastify').FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const list = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list))
    reply.header('vary', `${list}, accept-encoding`);
}
