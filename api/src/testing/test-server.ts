import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../config/env';
import { migrate } from '../db/migrate';
import { PgliteDb, openPglite, pgliteExtensions } from '../db/pglite';
import { PostgresDb } from '../db/postgres';
import type { ScriptDb } from '../db/types';
import { createServer, type ServerOptions } from '../server';
import { openJobs } from '../jobs/queue';
import { seedUsers } from '../auth/users';
import { seedProductData } from '../routes/index';

export interface TestServer {
  url: string;
  /** With PostgreSQL: the URL of this server's scratch database (another API copy can be started on it). */
  databaseUrl?: string;
  app: FastifyInstance;
  db: ScriptDb;
  config: Config;
  close(): Promise<void>;
}

// One migrated (and optionally seeded) PGlite image per jest worker; each suite loads a copy (much faster
// than migrating a fresh PGlite).
const templates = new Map<string, Promise<Blob>>();

function template(seed: boolean, config: Config): Promise<Blob> {
  const key = seed ? 'seeded' : 'plain';
  let t = templates.get(key);
  if (!t) {
    t = (async () => {
      const db = await openPglite(undefined);
      await migrate(db);
      await seedUsers(db);
      if (seed) await seedProductData({ db, config });
      // pg-boss's schema too, so each suite's server starts its queue without creating it.
      await (await openJobs(db)).stop();
      const blob = await db.dump();
      await db.close();
      return blob;
    })();
    templates.set(key, t);
  }
  return t;
}

/** A fresh, empty database on the server of `url` (CREATE DATABASE <prefix>_<uuid>); `drop` removes it. */
export async function scratchPostgresDatabase(
  url: string,
  prefix = 'wf_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * With DATABASE_URL set, each call gets a fresh database on that server (dropped on close) so suites are isolated
 * exactly like with PGlite and schema-qualified names (auth.*, public.*) work.
 */
async function freshPostgres(
  url: string,
): Promise<{ db: PostgresDb; url: string; drop: () => Promise<void> }> {
  const scratch = await scratchPostgresDatabase(url);
  return {
    db: new PostgresDb(new pg.Pool({ connectionString: scratch.url, max: 5 })),
    url: scratch.url,
    drop: scratch.drop,
  };
}

export async function startTestServer(
  opts: {
    config?: Partial<Config>;
    seed?: boolean;
    /** PostgreSQL only: a second API copy on that server's database (its own pool, index and queue). */
    copyOf?: TestServer;
  } & Pick<ServerOptions, 'worker' | 'jobPolicy' | 'media'> = {},
): Promise<TestServer> {
  // Google sign-in through the development stand-in, as `pnpm start` offers it (the OIDC path has its own suite).
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    AUTH_GOOGLE_STANDIN: 'true',
  });
  const config: Config = { ...base, port: 0, host: '127.0.0.1', ...opts.config };
  let db: ScriptDb;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (opts.copyOf) {
    if (!opts.copyOf.databaseUrl) throw new Error('copyOf needs a server on PostgreSQL (DATABASE_URL)');
    databaseUrl = opts.copyOf.databaseUrl;
    db = new PostgresDb(new pg.Pool({ connectionString: databaseUrl, max: 5 }));
  } else if (config.databaseUrl) {
    const fresh = await freshPostgres(config.databaseUrl);
    db = fresh.db;
    drop = fresh.drop;
    databaseUrl = fresh.url;
    await migrate(db);
    await seedUsers(db);
    if (opts.seed) await seedProductData({ db, config });
  } else {
    const blob = await template(Boolean(opts.seed), config);
    db = new PgliteDb(await PGlite.create({ loadDataDir: blob, extensions: pgliteExtensions }));
  }
  const app = await createServer(config, {
    db,
    logger: false,
    worker: opts.worker,
    jobPolicy: opts.jobPolicy,
    media: opts.media,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    app,
    db,
    config,
    async close() {
      await app.close();
      if (drop) await drop();
    },
  };
}
