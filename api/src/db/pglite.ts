import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { makePrivateDataDir } from './private-dir';
import type { QueryResult, Queryable, ScriptDb, Session } from './types';

export const pgliteExtensions = { cube, earthdistance, pgcrypto, pg_trgm, unaccent, uuid_ossp };

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
  /** listen() callbacks by PostgreSQL channel name, for notifications read off a socket client's output. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  /** `lock`: this process's ownership of the data directory, released on close. */
  constructor(
    readonly pg: PGlite,
    readonly lock?: DataDirLock,
  ) {
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

  script<T = Record<string, unknown>>(sql: string): Promise<QueryResult<T>> {
    return this.enqueue(async () => {
      const last = (await this.pg.exec(sql)).at(-1);
      const rows = (last?.rows ?? []) as T[];
      return { rows, rowCount: Math.max(last?.affectedRows ?? 0, rows.length) };
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

  /**
   * Holds the session for a caller outside this queue (a socket client inside a transaction, see pglite-socket.ts):
   * resolves once every call queued before has settled; every call queued after waits until `release` runs.
   */
  hold(): Promise<() => void> {
    return new Promise((held) => {
      void this.enqueue(() => new Promise<void>((release) => held(() => release())));
    });
  }

  /** PGlite is one session: notifications arrive with the result of the statement that committed them. Never lost. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const off = await this.enqueue(() => this.pg.listen(channel, onPayload));
    const name = postgresName(channel);
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(onPayload);
    return () => {
      set.delete(onPayload);
      if (!set.size) this.listeners.delete(name);
      return this.enqueue(() => off());
    };
  }

  /** Channels with a listener (PostgreSQL names), to LISTEN again after a socket client ran UNLISTEN or DISCARD. */
  listenedChannels(): string[] {
    return [...this.listeners.keys()];
  }

  /**
   * A NotificationResponse that a socket client's statement produced: PGlite hands raw protocol output to the
   * socket without reading it, so the listeners of this process are called here, as PGlite would have.
   */
  deliver(channel: string, payload: string): void {
    for (const fn of this.listeners.get(channel) ?? []) queueMicrotask(() => fn(payload));
  }

  async dump(): Promise<File | Blob> {
    return this.enqueue(() => this.pg.dumpDataDir('none'));
  }

  async close(): Promise<void> {
    try {
      await this.enqueue(() => this.pg.close());
      // What PGlite wrote while it ran (it chmods some files 0644 itself) is left to this user alone; meanwhile the
      // directory's 0700 keeps everyone else out.
      if (this.lock) makePrivateDataDir(this.lock.dataDir);
    } finally {
      this.lock?.release();
    }
  }
}

/** PGlite's rule for a channel name: as written when double-quoted, else lower-cased (an SQL identifier). */
function postgresName(channel: string): string {
  return channel.length > 1 && channel.startsWith('"') && channel.endsWith('"')
    ? channel.slice(1, -1).replace(/""/g, '"')
    : channel.toLowerCase();
}

/**
 * PGlite in memory, or persisted in `dataDir`, which this process then owns (data-dir-lock.ts): a directory
 * another live process holds throws DataDirLockedError instead of being opened twice.
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: Partial<PGliteOptions> = {},
): Promise<PgliteDb> {
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  try {
    const pg = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...opts,
      extensions: pgliteExtensions,
    });
    // Start-up wrote files through PGlite's own file system, which sets some modes itself (0644) whatever the umask.
    if (lock) makePrivateDataDir(lock.dataDir);
    return new PgliteDb(pg, lock);
  } catch (err) {
    lock?.release();
    throw err;
  }
}
