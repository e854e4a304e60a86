import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptDb, Session } from './types';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'migrations',
);

/**
 * Key of the session-level advisory lock held while migrating: API copies starting at once on one PostgreSQL wait
 * for each other instead of applying the same migration twice. Any fixed bigint; it only has to be ours.
 */
export const MIGRATION_LOCK_KEY = 7_402_118_623_940_251;

/**
 * Applies api/migrations/*.sql in filename order, each once, recorded in schema_migrations. Returns the new ones.
 * Runs on one connection under MIGRATION_LOCK_KEY, reading what is applied only once the lock is held.
 */
export async function migrate(
  db: ScriptDb,
  dir = MIGRATIONS_DIR,
  log: (m: string) => void = () => {},
): Promise<string[]> {
  return db.session(async (s) => {
    await s.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyPending(s, dir, log);
    } finally {
      // After a failed migration the ROLLBACK below has run, so the unlock is not refused by an aborted transaction.
      await s.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

async function applyPending(s: Session, dir: string, log: (m: string) => void): Promise<string[]> {
  await s.exec(
    'CREATE TABLE IF NOT EXISTS public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await s.query<{ name: string }>('SELECT name FROM public.schema_migrations')).rows.map((r) => r.name),
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await s
      .exec(
        `BEGIN;\n${sql}\n;INSERT INTO public.schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
      )
      .catch(async (err: unknown) => {
        await s.exec('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    log(`migrated ${file}`);
    applied.push(file);
  }
  return applied;
}
