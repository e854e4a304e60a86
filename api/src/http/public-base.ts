import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';

/**
 * Absolute base of this API for URLs handed to browsers (signed media, avatars): PUBLIC_API_URL, else this request's
 * origin. The one rule for every such URL: behind a proxy or TLS terminator, set PUBLIC_API_URL (the server trusts
 * X-Forwarded-* headers, which any client can send, only from the balancer TRUST_PROXY names).
 */
export function apiBaseOf(config: Pick<Config, 'publicApiUrl'>, req: FastifyRequest): string {
  return config.publicApiUrl ?? `${req.protocol}://${req.host}`;
}
