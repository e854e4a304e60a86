import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { QueryResult, Queryable, ScriptDb, Session } from './types';

export const pgliteExtensions = { cube, earthdistance, pgcrypto, uuid_ossp };

function wrap(pg: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await pg.query<T>(sql, params);
      // PGlite reports affectedRows 0 for SELECT; node-postgres reports the row count there.
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
  };
}

export class PgliteDb implements ScriptDb {
  readonly kind = 'pglite' as const;
  private readonly q: Queryable;
  // PGlite is one connection: every call goes through one promise chain so a transaction never interleaves.
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly pg: PGlite) {
    this.q = wrap(pg);
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    // The tail only orders calls: it must not hold the last result (a 100k-row read would stay in memory).
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.enqueue(() => this.q.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.enqueue(async () => {
      await this.pg.exec(sql);
    });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.enqueue(() => this.pg.transaction((tx) => fn(wrap(tx))));
  }

  session<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const { q, pg } = this;
    return this.enqueue(() =>
      fn({
        query: <R>(sql: string, params?: unknown[]) => q.query<R>(sql, params),
        async exec(sql: string) {
          await pg.exec(sql);
        },
      }),
    );
  }

  /** PGlite is one session: notifications arrive with the result of the statement that committed them. Never lost. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const off = await this.enqueue(() => this.pg.listen(channel, onPayload));
    return () => this.enqueue(() => off());
  }

  async dump(): Promise<File | Blob> {
    return this.enqueue(() => this.pg.dumpDataDir('none'));
  }

  close(): Promise<void> {
    return this.enqueue(() => this.pg.close());
  }
}

export async function openPglite(dataDir: string | undefined, opts: Partial<PGliteOptions> = {}): Promise<PgliteDb> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...opts, extensions: pgliteExtensions });
  return new PgliteDb(pg);
}
