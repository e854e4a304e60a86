import { loadConfig } from '../config/env';
import { migrate, openDb } from '../db/index';
import { seedProductData } from '../routes/index';

/** `pnpm --filter api seed`: migrate, then load the product seed (idempotent: only empty tables are filled). */
const config = loadConfig();
const db = await openDb(config);
try {
  await migrate(db, undefined, (m) => console.log(m));
  await seedProductData({ db, config }, { log: (m) => console.log(m) });
  console.log('seed done');
} finally {
  await db.close();
}
