import { loadConfig } from '../config/env';
import { migrate } from '../db/index';
import { exitOnBusy, openCliDb } from './cli-db';
import { seedProductData } from '../routes/index';
import { seedUsers } from '../auth/users';

/**
 * `pnpm --filter api seed`: migrate, then load what the API seeds at start: the two local accounts (not with
 * NODE_ENV=production: their passwords are public) and the product seed (idempotent: only empty tables are
 * filled). Through the running API's socket when it owns the embedded database.
 */
const config = loadConfig();
const db = await openCliDb(config, (m) => console.log(m)).catch(exitOnBusy);
try {
  await migrate(db, undefined, (m) => console.log(m));
  if (await seedUsers(db, config.nodeEnv)) {
    console.log('local accounts: admin@wayfarer.local, traveller@wayfarer.local');
  }
  await seedProductData({ db, config }, { log: (m) => console.log(m) });
  console.log('seed done');
} finally {
  await db.close();
}
