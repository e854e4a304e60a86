import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '../config/env';
import { HttpError } from './errors';
import { ResponseSchemaError } from './route-contract';
import { mapDbError } from './pg-errors';

interface PgError {
  code?: string;
  message?: string;
}

/**
 * Every error leaves as JSON with a status and a message; 500s are logged and never expose a stack. A PostgreSQL
 * error the request caused (bad data, a duplicate, a missing reference) is a 4xx with a plain sentence: the last
 * resort behind schema validation, logged as a warning so the missed validation gets fixed. A request that fails its
 * route's schema (http/route-contract.ts) reaches here as the ZodError itself: the same 400 as a handler's parse.
 */
export function installErrorHandler(
  app: FastifyInstance,
  config: Pick<Config, 'nodeEnv'> = { nodeEnv: 'development' },
): void {
  app.setNotFoundHandler((req, reply) => {
    void reply
      .code(404)
      .send({ error: 'Not found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof HttpError) {
      const body: Record<string, unknown> = { error: err.message, message: err.message };
      if (err.code) body.code = err.code;
      return reply.code(err.status).send(body);
    }
    // A handler answered a body its response schema refuses: a bug. Logged with the issues; in production the body
    // is never sent (it may hold what the schema leaves out), elsewhere the 500 names the issues so tests fail loudly.
    if (err instanceof ResponseSchemaError) {
      req.log.error({ route: err.route, issues: err.issues }, 'response does not match its schema');
      const msg = config.nodeEnv === 'production' ? 'Internal error' : err.message;
      return reply.code(500).send({
        error: msg,
        message: msg,
        ...(config.nodeEnv === 'production' ? {} : { code: 'response_schema' }),
      });
    }
    if (err instanceof ZodError) {
      const msg = err.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; ');
      return reply.code(400).send({ error: msg, message: msg, code: 'validation_failed' });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply
        .code(413)
        .send({ error: 'Request body is too large', message: 'Request body is too large' });
    }
    if (
      fe.validation ||
      fe.code?.startsWith('FST_ERR_CTP') ||
      (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    ) {
      const msg =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : err.message;
      return reply
        .code(fe.statusCode && fe.statusCode < 500 ? fe.statusCode : 400)
        .send({ error: msg, message: msg });
    }
    const pg = err as PgError;
    const mapped = mapDbError(err);
    if (mapped) {
      req.log.warn({ err, code: pg.code }, 'database refused the request (a validation is missing)');
      return reply
        .code(mapped.status)
        .send({ error: mapped.message, message: mapped.message, code: mapped.code });
    }
    req.log.error({ err, code: pg.code }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal error', message: 'Internal error' });
  });
}
