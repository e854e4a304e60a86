import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  preValidationHookHandler,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import type {} from '@fastify/swagger';
import { ErrorBody } from '@wayfarer/contracts';
import { ZodError, type ZodTypeAny } from 'zod';
import type { Deps } from '../deps';
import { GoTrueError, PostgrestError } from '../auth/schemas';

/**
 * How a route states its contract: `schema` holds the zod schemas of @wayfarer/contracts for params,
 * querystring, body and every response status, plus `x-auth` (who may call it) and a summary. From that one
 * statement come the validation (below), the serialisation (below), the handler's types (ZodTypeProvider of
 * fastify-type-provider-zod) and the OpenAPI document (http/openapi.ts).
 */
export type RouteAuth = 'none' | 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifySchema {
    /** none: anyone; optional: answers more with a token; user: a signed-in user (401); admin: admin_users (401/403). */
    'x-auth'?: RouteAuth;
  }
}

const isZod = (s: unknown): s is ZodTypeAny =>
  typeof s === 'object' && s !== null && typeof (s as ZodTypeAny).safeParse === 'function';

/** Schemas that document a request part without validating it (a route that reads that part itself, faster). */
const documentOnly = new WeakSet<object>();

/**
 * The schema as documentation only: the route reads this part itself (GET /sights/nearby parses its usual query
 * without zod; the signed file route answers 403, not 400, for a bad signature). `note` says why, in the document.
 */
export function unvalidated<T extends ZodTypeAny>(schema: T, note: string): T {
  const copy = schema.describe(note);
  documentOnly.add(copy);
  return copy;
}

/** A multipart/form-data upload with one file in `field`: documented (with `consumes`), read by the handler as a stream. */
export function uploadBody(field: string) {
  const schema = {
    type: 'object',
    required: [field],
    properties: { [field]: { type: 'string', format: 'binary' } },
  };
  documentOnly.add(schema);
  return schema;
}

/** A response that is not JSON (audio, images, HTML): documented with its content type, sent as it is. */
export function nonJson(contentType: string, description: string) {
  return {
    description,
    content: {
      [contentType]: {
        schema: { type: 'string', format: contentType.startsWith('text/') ? undefined : 'binary' },
      },
    },
  };
}

/** Thrown when a handler answers a body its response schema refuses: a bug in the route, never sent as it is. */
export class ResponseSchemaError extends Error {
  readonly code = 'FST_ERR_RESPONSE_SCHEMA';
  readonly statusCode = 500;
  constructor(
    readonly route: string,
    readonly issues: ZodError['issues'],
  ) {
    super(`The answer of ${route} does not match its response schema: ${issuesText(issues)}`);
    this.name = 'ResponseSchemaError';
  }
}

/** `path: message; …`, as the 400 of an invalid request reads (http/error-handler.ts). */
export const issuesText = (issues: ZodError['issues']) =>
  issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Dates (timestamptz columns) as JSON.stringify writes them, so the schema sees what the client will read. */
function jsonDates(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Date) return v.toJSON();
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = jsonDates(v[i]);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  if (Buffer.isBuffer(v)) return v;
  let out: Record<string, unknown> | null = null;
  for (const k in v) {
    const before = (v as Record<string, unknown>)[k];
    const x = jsonDates(before);
    if (x !== before) (out ??= { ...(v as Record<string, unknown>) })[k] = x;
  }
  return out ?? v;
}

const SECURITY: Record<RouteAuth, unknown[]> = {
  none: [],
  optional: [{}, { bearer: [] }],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/**
 * Installs the zod validator and serializer and the hook that reads each route's `x-auth`. Call before any route.
 * - A request part that fails its schema throws the ZodError itself, so the 400 reads exactly as before
 *   (`{ error, message, code: 'validation_failed' }`, the error handler's ZodError branch).
 * - A response goes out through its status's schema: fields the schema does not name are dropped, and a body it
 *   refuses is a ResponseSchemaError (500: its issues in tests, logged and never sent in production).
 * - `x-auth` user/admin checks the bearer before validation (401/403 come before a 400, as when handlers checked
 *   first), and the route gets the security, 401/403/404/400 answers the document lists.
 */
export function installRouteContract(app: FastifyInstance, deps: Pick<Deps, 'auth'>): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (documentOnly.has(schema as object)) return () => true;
    if (!isZod(schema)) throw new Error(`Route schemas are zod schemas (${httpPart ?? 'part'})`);
    // Fastify hands an absent body over as null: read as {}, so the 400 names the missing fields.
    return (data: unknown) => {
      const r = schema.safeParse(httpPart === 'body' && data === null ? {} : data);
      return r.success ? { value: r.data } : { error: r.error };
    };
  });
  const serializer: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
    if (!isZod(schema)) return (data) => JSON.stringify(data);
    const route = `${method} ${url} ${httpStatus ?? ''}`.trim();
    return (data) => {
      const r = schema.safeParse(jsonDates(data));
      if (!r.success) throw new ResponseSchemaError(route, r.error.issues);
      return JSON.stringify(r.data);
    };
  };
  app.setSerializerCompiler(serializer);

  const requireUser: preValidationHookHandler = async (req: FastifyRequest) => {
    await deps.auth.requireUser(req);
  };
  const requireAdmin: preValidationHookHandler = async (req: FastifyRequest) => {
    await deps.auth.requireAdmin(req);
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (FastifySchema & Record<string, unknown>) | undefined;
    if (!schema || schema.hide) return;
    const auth = schema['x-auth'] ?? 'none';
    schema['x-auth'] = auth;
    schema.security ??= SECURITY[auth] as FastifySchema['security'];
    // The Supabase-compatible routes check tokens themselves and answer GoTrue's and PostgREST's own error shapes
    // (declared there): x-auth only documents them. Any route can answer 400: the input guard refuses a NUL or a
    // lone surrogate anywhere in the request (http/input-guard.ts).
    const supabase = /^\/(auth|rest)\/v1\//.exec(route.url)?.[1];
    const response = (schema.response ??= {}) as Record<string, unknown>;
    const guard = 'Invalid input (the message names the field)';
    if (supabase) {
      response[400] ??= (supabase === 'auth' ? GoTrueError : PostgrestError).describe(guard);
      return;
    }
    if (auth === 'user' || auth === 'admin') {
      const hook = auth === 'admin' ? requireAdmin : requireUser;
      const own = route.preValidation;
      route.preValidation = own ? [hook, ...(Array.isArray(own) ? own : [own])] : [hook];
    }
    const err = (description: string) => ErrorBody.describe(description);
    response[400] ??= err(guard);
    if ((auth === 'user' || auth === 'admin') && !response[401]) response[401] = err('No valid bearer token');
    if (auth === 'admin' && !response[403]) response[403] = err('Not an admin');
    if (/[:*]/.test(route.url) && !response[404]) response[404] = err('Not found');
  });
}

export { isZod };
