import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { scratchPostgresDatabase } from '../testing/test-server';

const allMigrations = () =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

describe('migrate', () => {
  it('two API copies migrating one fresh PostgreSQL at once: each migration applied once, both succeed', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return; // the PostgreSQL pass of `pnpm test` runs this
    const fresh = await scratchPostgresDatabase(url, 'wf_migrate');
    // Two pools, as two processes would have.
    const a = openPostgres(fresh.url, { max: 2 });
    const b = openPostgres(fresh.url, { max: 2 });
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      const all = allMigrations();
      expect([...ra, ...rb].sort()).toEqual(all);
      expect(ra.filter((f) => rb.includes(f))).toEqual([]);
      const rows = await a.query<{ name: string; n: string }>(
        'SELECT name, count(*)::text AS n FROM public.schema_migrations GROUP BY name',
      );
      expect(rows.rows.length).toBe(all.length);
      // The lock is released: a third run takes it at once and has nothing to do.
      expect(await migrate(b)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await fresh.drop();
    }
  }, 120000);

  it('releases the lock when a migration fails, and the failed one is not recorded', async () => {
    const dir = fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/wf-migrations-`);
    fs.writeFileSync(`${dir}/0001_ok.sql`, 'CREATE TABLE public.m_ok (id int);');
    fs.writeFileSync(`${dir}/0002_bad.sql`, 'CREATE TABLE public.m_bad (id int); SELECT 1/0;');
    const url = process.env.DATABASE_URL;
    const fresh = url ? await scratchPostgresDatabase(url, 'wf_migrate') : undefined;
    const db = fresh ? openPostgres(fresh.url, { max: 2 }) : await openPglite(undefined);
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/Migration 0002_bad.sql failed/);
      const names = (await db.query<{ name: string }>('SELECT name FROM public.schema_migrations')).rows.map(
        (r) => r.name,
      );
      expect(names).toEqual(['0001_ok.sql']);
      expect((await db.query("SELECT 1 FROM pg_tables WHERE tablename = 'm_bad'")).rowCount).toBe(0);
      fs.writeFileSync(`${dir}/0002_bad.sql`, 'CREATE TABLE public.m_bad (id int);');
      // Not left holding the advisory lock (another session would wait for ever on PostgreSQL).
      expect(await migrate(db, dir)).toEqual(['0002_bad.sql']);
    } finally {
      await db.close();
      await fresh?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);
});
