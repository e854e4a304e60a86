import { loadConfig } from '../config/env';
import { migrate } from '../db/index';
import { exitOnBusy, openCliDb } from './cli-db';
import { seedProductData } from '../routes/index';

/**
 * `pnpm --filter api seed`: migrate, then load the product seed (idempotent: only empty tables are filled); through
 * the running API's socket when it owns the embedded database.
 */
const config = loadConfig();
const db = await openCliDb(config, (m) => console.log(m)).catch(exitOnBusy);
try {
  await migrate(db, undefined, (m) => console.log(m));
  await seedProductData({ db, config }, { log: (m) => console.log(m) });
  console.log('seed done');
} finally {
  await db.close();
}
