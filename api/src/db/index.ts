import type { Config } from '../config/env';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { ScriptDb } from './types';

export type { Db, Queryable, QueryResult, ScriptDb } from './types';
export { migrate } from './migrate';

/** PostgreSQL through `pg` when DATABASE_URL is set, otherwise PGlite persisted in DATA_DIR. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<ScriptDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir);
}
