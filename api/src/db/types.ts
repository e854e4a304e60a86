/** The one small database interface both PGlite (embedded) and node-postgres (DATABASE_URL) implement. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  /** Runs fn inside BEGIN/COMMIT (ROLLBACK on throw) on one connection. PGlite serialises through one queue. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: onPayload runs for every NOTIFY on it (any session, after commit). onLost runs once if the
   * subscription dies (connection ended): notifications may have been missed and the caller must re-read. Resolves
   * to an unsubscribe.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (err: Error) => void,
  ): Promise<() => Promise<void>>;
  readonly kind: 'pglite' | 'postgres';
}

/** One connection: queries and multi-statement scripts. */
export interface Session extends Queryable {
  exec(sql: string): Promise<void>;
}

/** A Db that can also run a multi-statement SQL script (migrations). */
export interface ScriptDb extends Db {
  exec(sql: string): Promise<void>;
  /** Runs a script of one or more statements without parameters (simple protocol): the last statement's rows. */
  script<T = Record<string, unknown>>(sql: string): Promise<QueryResult<T>>;
  /**
   * Runs fn on one connection held for the whole call, for session-level state (an advisory lock). PGlite: the
   * one session, with every other call waiting until fn settles.
   */
  session<T>(fn: (s: Session) => Promise<T>): Promise<T>;
}
