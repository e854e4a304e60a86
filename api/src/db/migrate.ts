import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptDb } from './types';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Applies api/migrations/*.sql in filename order, each once, recorded in schema_migrations. Returns the new ones. */
export async function migrate(db: ScriptDb, dir = MIGRATIONS_DIR, log: (m: string) => void = () => {}): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM public.schema_migrations')).rows.map((r) => r.name));
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.exec(`BEGIN;\n${sql}\n;INSERT INTO public.schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`).catch(async (err: unknown) => {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    log(`migrated ${file}`);
    applied.push(file);
  }
  return applied;
}
