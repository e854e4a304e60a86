import pg from 'pg';
import type { QueryResult, Queryable, ScriptDb, Session } from './types';

export class PostgresDb implements ScriptDb {
  readonly kind = 'postgres' as const;
  constructor(readonly pool: pg.Pool) {
    // An idle pooled connection can be ended by the server (restart, failover, DROP DATABASE … WITH (FORCE)):
    // node-postgres then emits 'error' on the pool, which would crash the process without a listener. The pool
    // drops that client and opens a new one on the next query, so logging is all that is needed.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.warn(`PostgreSQL idle connection error: ${err.message}`);
    });
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    const r = await this.pool.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  }

  async exec(sql: string): Promise<void> {
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    await this.pool.query(sql);
  }

  async script<T = Record<string, unknown>>(sql: string): Promise<QueryResult<T>> {
    // Several statements come back as an array of results, one as a result.
    const r = (await this.pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    const last = Array.isArray(r) ? r.at(-1) : r;
    const rows = (last?.rows ?? []) as T[];
    return { rows, rowCount: last?.rowCount ?? rows.length };
  }

  async session<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    const s: Session = {
      async query<R>(sql: string, params: unknown[] = []) {
        const r = await client.query(sql, params);
        return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
    try {
      return await fn(s);
    } catch (err) {
      // Session state (a lock, SET) may be left behind: this connection is closed rather than pooled again.
      broken = true;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Queryable = {
      async query<R>(sql: string, params: unknown[] = []) {
        const r = await client.query(sql, params);
        return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
      },
    };
    try {
      await client.query('BEGIN');
      const out = await fn(tx);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** A dedicated connection (outside the pool) holds the LISTEN; it does not work through a transaction pooler. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (err: Error) => void,
  ): Promise<() => Promise<void>> {
    const client = new pg.Client(this.pool.options);
    let closing = false;
    let lost = false;
    const lose = (err: Error) => {
      if (closing || lost) return;
      lost = true;
      onLost?.(err);
    };
    client.on('notification', (m) => {
      if (m.channel === channel) onPayload(m.payload ?? '');
    });
    client.on('error', (err) => lose(err));
    client.on('end', () => lose(new Error('LISTEN connection ended')));
    await client.connect();
    await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    return async () => {
      closing = true;
      await client.end().catch(() => undefined);
    };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** `options` lets tests pin a search_path (schema isolation) for every pooled connection. */
export function openPostgres(url: string, opts: { searchPath?: string; max?: number } = {}): PostgresDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  return new PostgresDb(pool);
}
