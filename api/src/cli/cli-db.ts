import pg from 'pg';
import type { Config } from '../config/env';
import { DataDirLockedError, liveOwner } from '../db/data-dir-lock';
import { openPglite } from '../db/pglite';
import { PostgresDb, openPostgres } from '../db/postgres';
import { connectionConfig, describeAddress } from '../db/socket-address';
import type { ScriptDb } from '../db/types';

/** The embedded database is held by another live process that this CLI cannot reach: say so, exit non-zero. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

/**
 * The database for a CLI (seed, admin:add): DATABASE_URL when set; otherwise the embedded one, through the
 * socket of the API that owns DATA_DIR when one runs (so the API sees every write at once), else opened here
 * while this process holds DATA_DIR's lock. Never a second PGlite on a directory another process has open.
 */
export async function openCliDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (m: string) => void = () => {},
): Promise<ScriptDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  for (let attempt = 0; ; attempt++) {
    const owner = liveOwner(config.dataDir);
    if (!owner) {
      try {
        return await openPglite(config.dataDir);
      } catch (err) {
        // Another process took the directory between the look and the open: go through it instead.
        if (err instanceof DataDirLockedError && attempt === 0) continue;
        throw err;
      }
    }
    const where = `The embedded database in ${config.dataDir} is in use by process ${owner.pid}`;
    if (!owner.socket)
      throw new DataDirBusyError(
        `${where}, which does not serve it on a socket (EMBEDDED_DB_SOCKET=off, or it is still starting). Stop that process, or try again in a moment.`,
      );
    const db = new PostgresDb(
      new pg.Pool({ ...connectionConfig(owner.socket), max: 4, connectionTimeoutMillis: 10_000 }),
    );
    try {
      await db.query('SELECT 1');
    } catch (err) {
      await db.close().catch(() => undefined);
      throw new DataDirBusyError(
        `${where}, and its socket ${describeAddress(owner.socket)} does not answer (${err instanceof Error ? err.message : String(err)}). ` +
          'Stop that process, or run this again once it serves the socket.',
      );
    }
    log(`through the running API (process ${owner.pid}) at ${describeAddress(owner.socket)}`);
    return db;
  }
}

/** For a CLI's top level: prints an expected failure (busy or locked data directory) without a stack, exit 1. */
export function exitOnBusy(err: unknown): never {
  if (err instanceof DataDirBusyError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
