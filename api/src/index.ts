import { loadConfig } from './config/env';
import { migrate, openDb } from './db/index';
import { DataDirLockedError } from './db/data-dir-lock';
import { PgliteDb } from './db/pglite';
import { serveEmbeddedDb, type EmbeddedDbServer } from './db/pglite-socket';
import { describeAddress } from './db/socket-address';
import { createServer } from './server';
import { seedUsers } from './auth/users';
import { endLocalRenewals } from './services/payments';
import { anonKey } from './auth/jwt';
import { seedProductData } from './routes/index';
import { stopOnSignals } from './lifecycle';
import { makePrivateDir, restrictNewFiles } from './db/private-dir';

const config = loadConfig();
const log = (m: string) => console.log(`[api] ${m}`);
// Files this process writes (the embedded database, its socket, uploads, guide audio) are its OS user's alone; a
// media directory an earlier version left readable to other local users is tightened.
restrictNewFiles();
if (!config.media.s3 && !config.media.storage) makePrivateDir(config.media.dir);
const db = await openDb(config).catch((err: unknown) => {
  // Another live process owns DATA_DIR (a second API, a CLI opening it directly): say which, no stack.
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(`[api] ${err.message}`);
  process.exit(1);
});
// The embedded database has one owner, this process: the CLIs and psql connect through this socket, served from
// the start (a CLI arriving while this process migrates runs after the migration, never inside it).
let dbServer: EmbeddedDbServer | undefined;
if (db instanceof PgliteDb && config.embeddedDbSocket) {
  const where = config.embeddedDbSocket;
  dbServer = await serveEmbeddedDb(db, where).catch((err: unknown) => {
    console.error(
      `[api] cannot serve the embedded database on ${describeAddress(where)} (EMBEDDED_DB_SOCKET): ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  });
  db.lock?.setSocket(dbServer.address);
  log(
    `embedded database on ${describeAddress(dbServer.address)} (seed, admin:add go through it): ${dbServer.psql}`,
  );
}
await migrate(db, undefined, log);
const unpaidPlans = await endLocalRenewals(db, config);
if (unpaidPlans)
  log(`${unpaidPlans} plan(s) bought through the local checkout now end at their period instead of renewing`);
if (config.seedOnStart) {
  if (!(await seedUsers(db, config.nodeEnv)))
    log('production: the local accounts (public passwords) are not created');
  await seedProductData({ db, config }, { log });
}
const app = await createServer(config, { db });
await app.listen({ port: config.port, host: config.host });
const base = `http://localhost:${config.port}`;
// performance.now(): milliseconds since this process started (module loading, migrations and the seed included).
log(
  `listening on ${base} (${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL via DATABASE_URL'}), started in ${Math.round(performance.now())} ms`,
);
log(`anon key: ${await anonKey(config.jwtSecret)}`);
if (config.nodeEnv !== 'production') log(`local mailbox: ${base}/dev/mailbox`);

stopOnSignals(log, 'shutting down', async () => {
  await dbServer?.close();
  await app.close();
});
