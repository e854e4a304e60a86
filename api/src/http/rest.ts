import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { deadIdentity, deadIdentityError, requestClaims } from '../auth/service';
import { createRestTables, PgrstError, REST_TABLES } from '../services/postgrest';
import { HttpError } from './errors';
import { mapDbError } from './pg-errors';
import { apiBaseOf } from './public-base';
import { z } from 'zod';
import { unvalidated } from './route-contract';
import { postgrestErrors } from '../auth/schemas';

const DOC = 'Read by the handler (PostgREST error shape)';
const TableParams = unvalidated(z.object({ table: z.enum(['profiles', 'admin_users']) }), DOC);
const RestQuery = unvalidated(
  z
    .object({
      select: z.string().optional(),
      order: z.string().optional(),
      limit: z.string().optional(),
      offset: z.string().optional(),
      on_conflict: z.string().optional(),
    })
    .catchall(z.string())
    .describe('PostgREST filters: column=op.value (eq, neq, gt, gte, lt, lte, like, ilike, is, in)'),
  DOC,
);
const rowsContent = (description: string) => ({
  description,
  content: {
    'application/json': { schema: { type: 'array', items: { type: 'object' } } },
    'application/vnd.pgrst.object+json': { schema: { type: 'object' } },
  },
});
const noContent = { description: 'Done (no Prefer: return=representation)', type: 'null' };

function sqlstateStatus(code: string | undefined, role: string): number {
  switch (code) {
    case '23505':
    case '23503':
      return 409;
    case '42501':
      return role === 'anon' ? 401 : 403;
    case '23502':
    case '23514':
    case '22P02':
    case '22007':
    case '22008':
    case '22001':
    case '42703':
      return 400;
    case 'P0001':
      return 400;
    default:
      // 22 data, 23 integrity; 42 and 54: the SQL is built from the caller's select, filters and order (a type
      // without the operator, too many columns), so those are the caller's request too.
      return ['22', '23', '42', '54'].includes(code?.slice(0, 2) ?? '') ? 400 : 500;
  }
}

/**
 * The anon role holds no write grant on the exposed tables (migration 0001), so an anonymous write is a 401 before
 * its body is even read, as for every other write route of the API.
 */
function signedInToWrite(role: string, table: string): void {
  if (role === 'anon') throw new PgrstError(401, '42501', `Sign in to change ${table}`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A profile's avatar_url is only ever the URL PUT /users/me/avatar issues for that profile
 * (`<API base>/avatars/<id>?v=<n>`, or its path alone): an outside address would be loaded by every viewer's browser
 * (a tracking pixel). The database checks the shape and the id; the host, which it cannot know, is checked here.
 */
function checkAvatarUrls(base: string, table: string, rows: object[], userId: string | undefined): void {
  if (table !== 'profiles') return;
  for (const row of rows as Array<Record<string, unknown>>) {
    if (!('avatar_url' in row) || row.avatar_url === null) continue;
    const id = typeof row.id === 'string' ? row.id : userId;
    const own = new RegExp(
      `^(${escapeRegExp(base.replace(/\/+$/, ''))})?/avatars/${escapeRegExp(id ?? '')}\\?v=[0-9]{1,20}$`,
    );
    if (!id || typeof row.avatar_url !== 'string' || !own.test(row.avatar_url))
      throw new PgrstError(
        400,
        '23514',
        'avatar_url must be the address of a picture uploaded to this site (PUT /users/me/avatar), or null',
      );
  }
}

function prefer(req: FastifyRequest): Set<string> {
  const h = req.headers.prefer;
  const raw = Array.isArray(h) ? h.join(',') : (h ?? '');
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * The PostgREST-compatible /rest/v1 routes (the subset supabase-js uses on profiles and admin_users). A handler
 * reads: validate (PostgREST's 404 and 400), authorise (the caller's database role; anonymous callers do not
 * write), call services/postgrest.ts (where the SQL is, run as that role), answer.
 */
export async function registerRestRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const tables = createRestTables(db);

  /** The table, the caller's role (404, 401 first) and its read of the table (400 for a bad select or filter). */
  async function context(req: FastifyRequest) {
    const table = (req.params as { table: string }).table;
    if (!REST_TABLES.has(table)) {
      throw new PgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    }
    let claims;
    try {
      claims = await requestClaims(req, config);
    } catch {
      throw new PgrstError(401, 'PGRST301', 'JWT could not be decoded or is invalid');
    }
    const role = claims?.role === 'authenticated' || claims?.role === 'service_role' ? claims.role : 'anon';
    // A signed token of a deleted account or an ended session must not act (or upsert a profile for nobody).
    if (claims && role !== 'anon' && claims.sub) {
      const dead = await deadIdentity(db, claims);
      if (dead) throw new PgrstError(401, 'PGRST301', deadIdentityError(dead).message);
    }
    const query = req.query as Record<string, string | string[]>;
    const read = await tables.parse(table, query);
    const accept = String(req.headers.accept ?? '');
    const single = accept.includes('application/vnd.pgrst.object+json');
    return { table, actor: { role, claims }, read, single, query };
  }

  function send(
    reply: FastifyReply,
    status: number,
    rows: unknown[],
    single: boolean,
    representation: boolean,
  ) {
    if (single) {
      if (rows.length !== 1) {
        throw new PgrstError(
          406,
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${rows.length} rows`,
        );
      }
      if (!representation) return reply.code(status === 200 ? 204 : status).send();
      return reply
        .code(status)
        .type('application/vnd.pgrst.object+json; charset=utf-8')
        .send(JSON.stringify(rows[0]));
    }
    if (!representation) return reply.code(status === 200 ? 204 : status).send();
    void reply.header('Content-Range', rows.length ? `0-${rows.length - 1}/*` : '*/*');
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(rows));
  }

  await app.register(
    async (rest) => {
      rest.setErrorHandler((err, req, reply) => {
        if (err instanceof PgrstError) {
          return reply
            .code(err.status)
            .send({ code: err.code, details: err.details, hint: err.hint, message: err.message });
        }
        // The input guard (text PostgreSQL cannot store) and other API errors, in PostgREST's shape.
        if (err instanceof HttpError) {
          return reply
            .code(err.status)
            .send({ code: err.code ?? 'PGRST100', details: null, hint: null, message: err.message });
        }
        const pe = err as {
          code?: string;
          message: string;
          detail?: string;
          hint?: string;
          statusCode?: number;
        };
        if (pe.statusCode && pe.statusCode < 500 && !/^[0-9A-Z]{5}$/.test(pe.code ?? '')) {
          return reply.code(pe.statusCode).send({
            code: 'PGRST102',
            details: null,
            hint: null,
            message: pe.statusCode === 413 ? 'Request body is too large' : 'Empty or invalid json',
          });
        }
        if (pe.code && /^[0-9A-Z]{5}$/.test(pe.code)) {
          const role = (req as FastifyRequest & { pgRole?: string }).pgRole ?? 'anon';
          const status = sqlstateStatus(pe.code, role);
          if (status < 500) {
            // The SQLSTATE as PostgREST sends it, with a plain sentence instead of the server's text (which names
            // constraints, columns and values).
            const message =
              pe.code === '42501'
                ? 'You are not allowed to do this to these rows.'
                : (mapDbError(err)?.message ?? 'The request is not valid.');
            req.log.warn({ err, code: pe.code }, 'database refused the request');
            return reply.code(status).send({ code: pe.code, details: null, hint: null, message });
          }
        }
        req.log.error({ err }, 'rest error');
        return reply
          .code(500)
          .send({ code: 'PGRST000', details: null, hint: null, message: 'Internal error' });
      });

      rest.get(
        '/:table',
        {
          schema: {
            summary: 'Select rows of profiles / admin_users under row-level rules',
            'x-auth': 'optional',
            params: TableParams,
            querystring: RestQuery,
            response: {
              200: rowsContent('The rows (one object with Accept: application/vnd.pgrst.object+json)'),
              ...postgrestErrors(400, 401, 404, 406),
            },
          },
        },
        async (req, reply) => {
          const c = await context(req);
          (req as FastifyRequest & { pgRole?: string }).pgRole = c.actor.role;
          return send(reply, 200, await tables.select(c.read, c.actor), c.single, true);
        },
      );

      rest.post(
        '/:table',
        {
          schema: {
            summary: 'Insert or upsert rows',
            'x-auth': 'user',
            params: TableParams,
            querystring: RestQuery,
            body: unvalidated(z.union([z.record(z.unknown()), z.array(z.record(z.unknown()))]), DOC),
            response: {
              201: rowsContent('Inserted (rows with Prefer: return=representation)'),
              204: noContent,
              ...postgrestErrors(400, 401, 403, 404, 409),
            },
          },
        },
        async (req, reply) => {
          const c = await context(req);
          (req as FastifyRequest & { pgRole?: string }).pgRole = c.actor.role;
          signedInToWrite(c.actor.role, c.table);
          const p = prefer(req);
          const body = req.body;
          const rowsIn = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
          if (!rowsIn || rowsIn.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
            throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
          }
          const keys = [...new Set(rowsIn.flatMap((r) => Object.keys(r as object)))];
          if (!keys.length) throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
          const resolution = p.has('resolution=ignore-duplicates')
            ? 'ignore'
            : p.has('resolution=merge-duplicates')
              ? 'merge'
              : null;
          const onConflict = typeof c.query.on_conflict === 'string' ? c.query.on_conflict : null;
          const representation = p.has('return=representation');
          checkAvatarUrls(apiBaseOf(config, req), c.table, rowsIn as object[], c.actor.claims?.sub);
          const rows = await tables.insert(c.read, c.actor, rowsIn as object[], keys, {
            onConflict,
            resolution,
          });
          return send(reply, 201, rows, c.single && representation, representation);
        },
      );

      rest.patch(
        '/:table',
        {
          schema: {
            summary: 'Update rows',
            'x-auth': 'user',
            params: TableParams,
            querystring: RestQuery,
            body: unvalidated(z.record(z.unknown()), DOC),
            response: {
              200: rowsContent('Updated rows (Prefer: return=representation)'),
              204: noContent,
              ...postgrestErrors(400, 401, 403, 404),
            },
          },
        },
        async (req, reply) => {
          const c = await context(req);
          (req as FastifyRequest & { pgRole?: string }).pgRole = c.actor.role;
          signedInToWrite(c.actor.role, c.table);
          const body = req.body;
          if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.keys(body).length) {
            throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
          }
          const representation = prefer(req).has('return=representation');
          checkAvatarUrls(apiBaseOf(config, req), c.table, [body], c.actor.claims?.sub);
          const rows = await tables.update(c.read, c.actor, body);
          return send(reply, 200, rows, c.single && representation, representation);
        },
      );
    },
    { prefix: '/rest/v1' },
  );
}
