import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_JWT_SECRET, loadConfig, REPO_ROOT } from '../config/env';
import { seedUsers } from '../auth/users';
import type { Queryable } from '../db/types';

const REAL_SECRET = 'a-real-production-secret-of-more-than-32-characters';

describe('production configuration', () => {
  it('refuses to load without a JWT secret, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /NODE_ENV=production[\s\S]*JWT_SECRET is not set/,
    );
  });

  it('refuses the public development secret even when it is set explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEFAULT_JWT_SECRET })).toThrow(
      /JWT_SECRET is the public development secret/,
    );
  });

  it('names every missing secret at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', MEDIA_STORAGE_BUCKET: 'photos' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET is not set/);
    expect(message).toMatch(/SUPABASE_SERVICE_ROLE_KEY is not set/);
    expect(message).toMatch(/SUPABASE_URL is not set/);
  });

  it('starts with real secrets, and outside production with the development defaults', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: REAL_SECRET }).jwtSecret).toBe(REAL_SECRET);
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBe(DEFAULT_JWT_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).jwtSecret).toBe(DEFAULT_JWT_SECRET);
  });

  it('the API process exits non-zero with the message before it opens the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-prod-'));
    try {
      const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/index.ts'], {
        cwd: path.join(REPO_ROOT, 'api'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: '0',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      clearTimeout(timer);
      expect(output).toMatch(/JWT_SECRET is not set/);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never creates the local accounts (public passwords) in production, whoever seeds', async () => {
    const sql: string[] = [];
    const db: Queryable = {
      query: async <T>(q: string) => {
        sql.push(q);
        return {
          rows: (/RETURNING id/.test(q) ? [{ id: '00000000-0000-4000-8000-000000000001' }] : []) as T[],
          rowCount: 1,
        };
      },
    };
    expect(await seedUsers(db, 'production')).toBe(false);
    expect(sql).toEqual([]);
    expect(await seedUsers(db, 'development')).toBe(true);
    expect(sql.some((q) => q.includes('INSERT INTO auth.users'))).toBe(true);
  });
});
