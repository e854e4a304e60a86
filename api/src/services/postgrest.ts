import type { AccessClaims } from '../auth/jwt';
import { holdUser } from '../auth/service';
import type { Db, Queryable } from '../db/types';
import { HttpError } from '../http/errors';

/**
 * The tables behind the PostgREST-compatible /rest/v1 routes (http/rest.ts): a request's select, filters, order
 * and page turned into SQL over the table's own columns, run as the caller's database role (row-level security
 * decides what it sees and changes). The routes validate, pick the role and answer; the SQL is here.
 */

/** Tables reachable through /rest/v1; everything else is 404 like an unexposed relation. */
export const REST_TABLES = new Set(['profiles', 'admin_users']);
const OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
};
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

/** PostgREST's error: the routes answer `{ code, details, hint, message }` with `status`. */
export class PgrstError extends Error {
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

/** Who the request acts as: the database role and the claims row-level security reads. */
export interface RestActor {
  role: string;
  claims: AccessClaims | null;
}

/** A request's read of one table as SQL fragments (identifiers checked against the table's columns). */
export interface RestQuery {
  table: string;
  cols: Set<string>;
  select: string;
  where: string[];
  params: unknown[];
  order: string;
  limit: string;
  offset: string;
}

/** Rows rendered by PostgreSQL's own JSON (dates stay 'YYYY-MM-DD', as PostgREST sends them). */
async function asJson(tx: Queryable, sql: string, params: unknown[]): Promise<unknown[]> {
  const r = await tx.query<{ body: unknown }>(
    `WITH r AS (${sql}) SELECT coalesce(json_agg(r), '[]'::json) AS body FROM r`,
    params,
  );
  const body = r.rows[0]?.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as unknown[];
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

const checkCol = (cols: Set<string>, table: string, c: string) => {
  if (!cols.has(c)) throw new PgrstError(400, '42703', `column ${table}.${c} does not exist`);
  return q(c);
};

export function createRestTables(db: Db) {
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

  async function asRole<T>({ role, claims }: RestActor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
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

  return {
    /** The query string's select, filters (column=op.value), order, limit and offset (400 for what is not valid). */
    async parse(table: string, query: Record<string, string | string[]>): Promise<RestQuery> {
      const cols = await columns(table);
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
            if (!lit)
              throw new PgrstError(400, 'PGRST100', `"failed to parse filter (${v})" (line 1, column 1)`);
            cond = `${col} IS ${lit}`;
          } else if (op === 'in') {
            const items = arg
              .replace(/^\(|\)$/g, '')
              .split(',')
              .map((s) => s.trim().replace(/^"|"$/g, ''));
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
              const nulls = mods.includes('nullsfirst')
                ? ' NULLS FIRST'
                : mods.includes('nullslast')
                  ? ' NULLS LAST'
                  : '';
              return checkCol(cols, table, c!) + dir + nulls;
            })
            .join(', ');
      }
      const limit =
        typeof query.limit === 'string' && /^\d+$/.test(query.limit) ? ` LIMIT ${Number(query.limit)}` : '';
      const offset =
        typeof query.offset === 'string' && /^\d+$/.test(query.offset)
          ? ` OFFSET ${Number(query.offset)}`
          : '';
      return { table, cols, select, where, params, order, limit, offset };
    },

    /** The rows the query selects, as the actor may see them. */
    async select(rq: RestQuery, actor: RestActor): Promise<unknown[]> {
      const sql = `SELECT ${rq.select} FROM public.${q(rq.table)}${rq.where.length ? ' WHERE ' + rq.where.join(' AND ') : ''}${rq.order}${rq.limit}${rq.offset}`;
      return asRole(actor, async (tx) => asJson(tx, sql, rq.params));
    },

    /**
     * Inserts the rows (objects over `keys`), with `resolution` an upsert on `onConflict` (the primary key when not
     * given): merge updates the other columns, ignore keeps the row there. Returns the query's select of them.
     */
    async insert(
      rq: RestQuery,
      actor: RestActor,
      rows: object[],
      keys: string[],
      opts: { onConflict: string | null; resolution: 'merge' | 'ignore' | null },
    ): Promise<unknown[]> {
      const cols = keys.map((k) => checkCol(rq.cols, rq.table, k));
      let conflict = '';
      if (opts.resolution) {
        let target = opts.onConflict?.split(',').map((s) => checkCol(rq.cols, rq.table, s.trim()));
        if (!target) {
          const pk = await db.query<{ attname: string }>(
            `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
             WHERE i.indrelid = $1::regclass AND i.indisprimary`,
            [`public.${rq.table}`],
          );
          target = pk.rows.map((r) => q(r.attname));
        }
        const updatable = cols.filter((col) => !target!.includes(col));
        conflict =
          opts.resolution === 'ignore' || !updatable.length
            ? ` ON CONFLICT (${target.join(', ')}) DO NOTHING`
            : ` ON CONFLICT (${target.join(', ')}) DO UPDATE SET ${updatable.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}`;
      }
      const sql =
        `INSERT INTO public.${q(rq.table)} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM json_populate_recordset(NULL::public.${q(rq.table)}, $1::json)` +
        conflict +
        ` RETURNING ${rq.select}`;
      return asRole(actor, async (tx) => asJson(tx, sql, [JSON.stringify(rows)]));
    },

    /** Sets the patch's columns on the rows the query's filters match; returns the query's select of them. */
    async update(rq: RestQuery, actor: RestActor, patch: object): Promise<unknown[]> {
      const cols = Object.keys(patch).map((k) => checkCol(rq.cols, rq.table, k));
      const n = rq.params.length + 1;
      const sql =
        `UPDATE public.${q(rq.table)} t SET ${cols.map((col) => `${col} = r.${col}`).join(', ')} FROM json_populate_record(NULL::public.${q(rq.table)}, $${n}::json) r` +
        `${rq.where.length ? ' WHERE ' + rq.where.map((w) => w.replace(/^(NOT \()?"/, (m) => m.replace('"', 't."'))).join(' AND ') : ''}` +
        ` RETURNING ${
          rq.select === '*'
            ? 't.*'
            : rq.select
                .split(', ')
                .map((s) => `t.${s}`)
                .join(', ')
        }`;
      return asRole(actor, async (tx) => asJson(tx, sql, [...rq.params, JSON.stringify(patch)]));
    },
  };
}
