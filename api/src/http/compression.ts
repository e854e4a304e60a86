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
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|(?:[\w.-]+\+)?xml))\s*(?:;|$)/i;
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
export const DEFAULT_COMPRESSION: Required<CompressionOptions> = { brotliQuality: 1, gzipLevel: 1, syncThreshold: 1024 * 1024 };

/**
 * Compression of answers by Accept-Encoding (br preferred, then gzip) with @fastify/compress: every JSON or text
 * answer of COMPRESS_THRESHOLD bytes or more, with `Vary: Accept-Encoding`. Request bodies are not decompressed
 * (no client sends them compressed; a Content-Encoding on a request is left as before). Register before the routes.
 */
export async function registerCompression(app: FastifyInstance, options: CompressionOptions = {}): Promise<void> {
  const o = { ...DEFAULT_COMPRESSION, ...options };
  // A cache must not hand a compressed copy to a client that cannot read it, nor pin the identity copy for every
  // client: an answer that would be compressed for another Accept-Encoding says so even when it goes out as is.
  // (The plugin adds Vary only when it compresses; this hook runs before the plugin's own, per route, onSend.)
  app.addHook('onSend', (_req, reply, payload, done) => {
    if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) >= COMPRESS_THRESHOLD) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && isCompressibleType(type)) addVary(reply);
    }
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: o.syncThreshold,
    customTypes: isCompressibleType,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: o.brotliQuality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
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
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) reply.header('vary', `${list}, accept-encoding`);
}
