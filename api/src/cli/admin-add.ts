import { loadConfig } from '../config/env';
import { migrate } from '../db/index';
import { exitOnBusy, openCliDb } from './cli-db';

/**
 * pnpm --filter api admin:add <email>: grants admin to an existing user. While the API runs on the embedded
 * database this goes through its socket, so the grant holds at once.
 */
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: pnpm --filter api admin:add <email>');
  process.exit(2);
}
const db = await openCliDb(loadConfig(), (m) => console.log(m)).catch(exitOnBusy);
try {
  await migrate(db);
  const u = await db.query<{ id: string }>('SELECT id FROM auth.users WHERE lower(email) = $1', [email]);
  const id = u.rows[0]?.id;
  if (!id) {
    console.error(`No user with e-mail ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    await db.query('INSERT INTO public.admin_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
    console.log(`${email} is an admin.`);
  }
} finally {
  await db.close();
}
