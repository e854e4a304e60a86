import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { Queryable } from '../db/types';
import type { AccessClaims } from '../auth/jwt';
import { deadIdentity, deadIdentityError, holdUser, requestClaims } from '../auth/service';
import { HttpError } from './errors';
import { mapDbError } from './pg-errors';
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

/** Tables reachable through /rest/v1; everything else is 404 like an unexposed relation. */
const TABLES = new Set(['profiles', 'admin_users']);
const OPS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE' };
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

/** Rows rendered by PostgreSQL's own JSON (dates stay 'YYYY-MM-DD', as PostgREST sends them). */
async function asJson(tx: Queryable, sql: string, params: unknown[]): Promise<unknown[]> {
  const r = await tx.query<{ body: unknown }>(`WITH r AS (${sql}) SELECT coalesce(json_agg(r), '[]'::json) AS body FROM r`, params);
  const body = r.rows[0]?.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as unknown[];
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

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

function prefer(req: FastifyRequest): Set<string> {
  const h = req.headers.prefer;
  const raw = Array.isArray(h) ? h.join(',') : h ?? '';
  return new Set(raw.split(',').map((s) => s.trim()).filter(Boolean));
}

export async function registerRestRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const columnCache = new Map<string, Set<string>>();
  async function columns(table: string): Promise<Set<string>> {
    let c = columnCache.get(table);
    if (!c) {
      const r = await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      );
      c = new Set(r.rows.map((x) => x.column_name));
      columnCache.set(table, c);
    }
    return c;
  }
  const checkCol = (cols: Set<string>, table: string, c: string) => {
    if (!cols.has(c)) throw new PgrstError(400, '42703', `column ${table}.${c} does not exist`);
    return q(c);
  };

  async function context(req: FastifyRequest) {
    const table = (req.params as { table: string }).table;
    if (!TABLES.has(table)) {
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
    const cols = await columns(table);
    const query = req.query as Record<string, string | string[]>;
    const selectRaw = typeof query.select === 'string' && query.select.trim() ? query.select : '*';
    const select =
      selectRaw === '*'
        ? '*'
        : selectRaw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((c) => checkCol(cols, table, c))
            .join(', ');
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [key, value] of Object.entries(query)) {
      if (RESERVED.has(key)) continue;
      for (const v of Array.isArray(value) ? value : [value]) {
        const col = checkCol(cols, table, key);
        const m = /^(not\.)?(\w+)\.(.*)$/s.exec(v);
        if (!m) throw new PgrstError(400, 'PGRST100', `"failed to parse filter (${v})" (line 1, column 1)`);
        const [, not, op, arg] = m as unknown as [string, string | undefined, string, string];
        let cond: string;
        if (OPS[op]) {
          const pattern = op === 'like' || op === 'ilike';
          params.push(pattern ? arg.replace(/\*/g, '%') : arg);
          // LIKE on a uuid, date or number column compares its text (PostgreSQL has no LIKE for those types).
          cond = `${col}${pattern ? '::text' : ''} ${OPS[op]} $${params.length}`;
        } else if (op === 'is') {
          const lit = { null: 'NULL', true: 'TRUE', false: 'FALSE' }[arg.toLowerCase()];
          if (!lit) throw new PgrstError(400, 'PGRST100', `"failed to parse filter (${v})" (line 1, column 1)`);
          cond = `${col} IS ${lit}`;
        } else if (op === 'in') {
          const items = arg.replace(/^\(|\)$/g, '').split(',').map((s) => s.trim().replace(/^"|"$/g, ''));
          params.push(items);
          cond = `${col}::text = ANY($${params.length}::text[])`;
        } else {
          throw new PgrstError(400, 'PGRST100', `"failed to parse filter (${v})" (line 1, column 1)`);
        }
        where.push(not ? `NOT (${cond})` : cond);
      }
    }
    let order = '';
    if (typeof query.order === 'string' && query.order) {
      order =
        ' ORDER BY ' +
        query.order
          .split(',')
          .map((part) => {
            const [c, ...mods] = part.split('.');
            const dir = mods.includes('desc') ? ' DESC' : ' ASC';
            const nulls = mods.includes('nullsfirst') ? ' NULLS FIRST' : mods.includes('nullslast') ? ' NULLS LAST' : '';
            return checkCol(cols, table, c!) + dir + nulls;
          })
          .join(', ');
    }
    const limit = typeof query.limit === 'string' && /^\d+$/.test(query.limit) ? ` LIMIT ${Number(query.limit)}` : '';
    const offset = typeof query.offset === 'string' && /^\d+$/.test(query.offset) ? ` OFFSET ${Number(query.offset)}` : '';
    const accept = String(req.headers.accept ?? '');
    const single = accept.includes('application/vnd.pgrst.object+json');
    return { table, role, claims, cols, select, where, params, order, limit, offset, single, query };
  }

  async function asRole<T>(role: string, claims: AccessClaims | null, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      // The account cannot be deleted under a running write (its rows would point nowhere); gone already: 401.
      if (role !== 'anon' && claims?.sub) {
        await holdUser(tx, claims.sub).catch((err: unknown) => {
          throw err instanceof HttpError ? new PgrstError(401, 'PGRST301', err.message) : err;
        });
      }
      await tx.query(`SELECT set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`, [
        JSON.stringify(claims ?? { role: 'anon' }),
        role,
      ]);
      await tx.query(`SET LOCAL ROLE ${q(role)}`);
      const out = await fn(tx);
      // A .single() that would not be a single row is rolled back, like PostgREST.
      return out;
    });
  }

  function send(reply: FastifyReply, status: number, rows: unknown[], single: boolean, representation: boolean) {
    if (single) {
      if (rows.length !== 1) {
        throw new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
      }
      if (!representation) return reply.code(status === 200 ? 204 : status).send();
      return reply.code(status).type('application/vnd.pgrst.object+json; charset=utf-8').send(JSON.stringify(rows[0]));
    }
    if (!representation) return reply.code(status === 200 ? 204 : status).send();
    void reply.header('Content-Range', rows.length ? `0-${rows.length - 1}/*` : '*/*');
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(rows));
  }

  await app.register(
    async (rest) => {
      rest.setErrorHandler((err, req, reply) => {
        if (err instanceof PgrstError) {
          return reply.code(err.status).send({ code: err.code, details: err.details, hint: err.hint, message: err.message });
        }
        // The input guard (text PostgreSQL cannot store) and other API errors, in PostgREST's shape.
        if (err instanceof HttpError) {
          return reply.code(err.status).send({ code: err.code ?? 'PGRST100', details: null, hint: null, message: err.message });
        }
        const pe = err as { code?: string; message: string; detail?: string; hint?: string; statusCode?: number };
        if (pe.statusCode && pe.statusCode < 500 && !/^[0-9A-Z]{5}$/.test(pe.code ?? '')) {
          return reply.code(pe.statusCode).send({ code: 'PGRST102', details: null, hint: null, message: pe.statusCode === 413 ? 'Request body is too large' : 'Empty or invalid json' });
        }
        if (pe.code && /^[0-9A-Z]{5}$/.test(pe.code)) {
          const role = (req as FastifyRequest & { pgRole?: string }).pgRole ?? 'anon';
          const status = sqlstateStatus(pe.code, role);
          if (status < 500) {
            // The SQLSTATE as PostgREST sends it, with a plain sentence instead of the server's text (which names
            // constraints, columns and values).
            const message = pe.code === '42501' ? 'You are not allowed to do this to these rows.' : (mapDbError(err)?.message ?? 'The request is not valid.');
            req.log.warn({ err, code: pe.code }, 'database refused the request');
            return reply.code(status).send({ code: pe.code, details: null, hint: null, message });
          }
        }
        req.log.error({ err }, 'rest error');
        return reply.code(500).send({ code: 'PGRST000', details: null, hint: null, message: 'Internal error' });
      });

      rest.get(
        '/:table',
        {
          schema: {
            summary: 'Select rows of profiles / admin_users under row-level rules',
            'x-auth': 'optional',
            params: TableParams,
            querystring: RestQuery,
            response: { 200: rowsContent('The rows (one object with Accept: application/vnd.pgrst.object+json)'), ...postgrestErrors(400, 401, 404, 406) },
          },
        },
        async (req, reply) => {
        const c = await context(req);
        (req as FastifyRequest & { pgRole?: string }).pgRole = c.role;
        const sql = `SELECT ${c.select} FROM public.${q(c.table)}${c.where.length ? ' WHERE ' + c.where.join(' AND ') : ''}${c.order}${c.limit}${c.offset}`;
        const rows = await asRole(c.role, c.claims, async (tx) => asJson(tx, sql, c.params));
        return send(reply, 200, rows, c.single, true);
      });

      rest.post(
        '/:table',
        {
          schema: {
            summary: 'Insert or upsert rows',
            'x-auth': 'user',
            params: TableParams,
            querystring: RestQuery,
            body: unvalidated(z.union([z.record(z.unknown()), z.array(z.record(z.unknown()))]), DOC),
            response: { 201: rowsContent('Inserted (rows with Prefer: return=representation)'), 204: noContent, ...postgrestErrors(400, 401, 403, 404, 409) },
          },
        },
        async (req, reply) => {
        const c = await context(req);
        (req as FastifyRequest & { pgRole?: string }).pgRole = c.role;
        signedInToWrite(c.role, c.table);
        const p = prefer(req);
        const body = req.body;
        const rowsIn = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : null;
        if (!rowsIn || rowsIn.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
          throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
        }
        const keys = [...new Set(rowsIn.flatMap((r) => Object.keys(r as object)))];
        if (!keys.length) throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
        const cols = keys.map((k) => checkCol(c.cols, c.table, k));
        const onConflictRaw = typeof c.query.on_conflict === 'string' ? c.query.on_conflict : null;
        const merge = p.has('resolution=merge-duplicates');
        const ignore = p.has('resolution=ignore-duplicates');
        let conflict = '';
        if (merge || ignore) {
          let target = onConflictRaw?.split(',').map((s) => checkCol(c.cols, c.table, s.trim()));
          if (!target) {
            const pk = await db.query<{ attname: string }>(
              `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
               WHERE i.indrelid = $1::regclass AND i.indisprimary`,
              [`public.${c.table}`],
            );
            target = pk.rows.map((r) => q(r.attname));
          }
          const updatable = cols.filter((col) => !target!.includes(col));
          conflict =
            ignore || !updatable.length
              ? ` ON CONFLICT (${target.join(', ')}) DO NOTHING`
              : ` ON CONFLICT (${target.join(', ')}) DO UPDATE SET ${updatable.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}`;
        }
        const representation = p.has('return=representation');
        const sql =
          `INSERT INTO public.${q(c.table)} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM json_populate_recordset(NULL::public.${q(c.table)}, $1::json)` +
          conflict +
          ` RETURNING ${c.select}`;
        const rows = await asRole(c.role, c.claims, async (tx) => asJson(tx, sql, [JSON.stringify(rowsIn)]));
        return send(reply, 201, rows, c.single && representation, representation);
      });

      rest.patch(
        '/:table',
        {
          schema: {
            summary: 'Update rows',
            'x-auth': 'user',
            params: TableParams,
            querystring: RestQuery,
            body: unvalidated(z.record(z.unknown()), DOC),
            response: { 200: rowsContent('Updated rows (Prefer: return=representation)'), 204: noContent, ...postgrestErrors(400, 401, 403, 404) },
          },
        },
        async (req, reply) => {
        const c = await context(req);
        (req as FastifyRequest & { pgRole?: string }).pgRole = c.role;
        signedInToWrite(c.role, c.table);
        const body = req.body;
        if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.keys(body).length) {
          throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
        }
        const cols = Object.keys(body).map((k) => checkCol(c.cols, c.table, k));
        const representation = prefer(req).has('return=representation');
        const n = c.params.length + 1;
        const sql =
          `UPDATE public.${q(c.table)} t SET ${cols.map((col) => `${col} = r.${col}`).join(', ')} FROM json_populate_record(NULL::public.${q(c.table)}, $${n}::json) r` +
          `${c.where.length ? ' WHERE ' + c.where.map((w) => w.replace(/^(NOT \()?"/, (m) => m.replace('"', 't."'))).join(' AND ') : ''}` +
          ` RETURNING ${c.select === '*' ? 't.*' : c.select.split(', ').map((s) => `t.${s}`).join(', ')}`;
        const rows = await asRole(c.role, c.claims, async (tx) => asJson(tx, sql, [...c.params, JSON.stringify(body)]));
        return send(reply, 200, rows, c.single && representation, representation);
      });
    },
    { prefix: '/rest/v1' },
  );
}
