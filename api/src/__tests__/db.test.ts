import { afterAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, DEFAULT_JWT_SECRET, envSchema, REPO_ROOT } from '../config/env';
import { migrate, openDb } from '../db/index';
import { upsertEmailUser } from '../auth/users';
import { openPostgres } from '../db/postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('config', () => {
  it('.env.example documents every variable the API reads', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const missing = Object.keys(envSchema.shape).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(4000);
    expect(c.jwtSecret).toBe(DEFAULT_JWT_SECRET);
    expect(c.otpTtlSeconds).toBe(180);
    expect(c.corsOrigins).toContain('http://localhost:3004');
    expect(path.basename(c.dataDir)).toBe('.data');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('embedded database', () => {
  it('keeps users, profiles and sessions across a restart in the same DATA_DIR', async () => {
    if (process.env.DATABASE_URL) return; // the embedded path only
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-db-'));
    dirs.push(dir);
    const first = await openDb({ dataDir: dir, databaseUrl: undefined });
    await migrate(first);
    const { id } = await upsertEmailUser(first, {
      email: 'keep@test.local',
      password: 'keep-me-1',
      profile: { display_name: 'Kim Keep' },
    });
    await first.query('INSERT INTO auth.sessions (user_id) VALUES ($1)', [id]);
    await first.close();
    const second = await openDb({ dataDir: dir, databaseUrl: undefined });
    expect(await migrate(second)).toEqual([]);
    const p = await second.query<{ display_name: string }>(
      'SELECT display_name FROM public.profiles WHERE id = $1',
      [id],
    );
    expect(p.rows[0]?.display_name).toBe('Kim Keep');
    const sCount = await second.query('SELECT 1 FROM auth.sessions WHERE user_id = $1', [id]);
    expect(sCount.rowCount).toBe(1);
    await second.close();
  }, 60000);
});

describe('PostgreSQL pool', () => {
  it('survives the server ending an idle connection: no crash, the next query reconnects', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return; // the PostgreSQL pass of `pnpm test` runs this
    const db = openPostgres(url, { max: 2 });
    const admin = openPostgres(url, { max: 1 });
    try {
      const pid = Number((await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
      // The idle pooled connection is terminated by the server, as a restart or DROP DATABASE … WITH (FORCE) does.
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((r) => setTimeout(r, 200));
      const again = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(Number(again.rows[0]!.pid)).not.toBe(pid);
    } finally {
      await db.close();
      await admin.close();
    }
  });
});
