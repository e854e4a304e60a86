import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';

/** Absolute base of this API for URLs handed to browsers (signed media): PUBLIC_API_URL, else this request's origin. */
export function apiBaseOf(config: Pick<Config, 'publicApiUrl'>, req: FastifyRequest): string {
  return config.publicApiUrl ?? `${req.protocol}://${req.host}`;
}
