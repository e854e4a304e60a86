import { loadConfig } from './config/env';
import { migrate, openDb } from './db/index';
import { createServer } from './server';
import { seedUsers } from './auth/users';
import { anonKey } from './auth/jwt';
import { seedProductData } from './routes/index';

const config = loadConfig();
const db = await openDb(config);
const log = (m: string) => console.log(`[api] ${m}`);
await migrate(db, undefined, log);
if (config.seedOnStart) {
  await seedUsers(db);
  await seedProductData({ db, config }, { log });
}
const app = await createServer(config, { db });
await app.listen({ port: config.port, host: config.host });
const base = `http://localhost:${config.port}`;
log(`listening on ${base} (${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL via DATABASE_URL'})`);
log(`anon key: ${await anonKey(config.jwtSecret)}`);
if (config.nodeEnv !== 'production') log(`local mailbox: ${base}/dev/mailbox`);

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  log(`${signal}: shutting down`);
  app
    .close()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
