import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signJwt } from '../auth/jwt';
import { DEFAULT_JWT_SECRET } from '../config/env';
import { DataDirLockedError, LOCK_FILE, liveOwner, lockDataDir } from '../db/data-dir-lock';
import { openPglite } from '../db/pglite';
import { PostgresDb } from '../db/postgres';
import { connectionConfig, type SocketAddress } from '../db/socket-address';
import { createUser } from '../testing/create-user';
import { freePort } from '../testing/free-port';

/**
 * One owner per embedded data directory: a pid-file lock taken by whichever process opens PGlite, and the CLIs
 * going through the running API's socket (or refusing, non-zero, when they cannot).
 */

const suite = process.env.DATABASE_URL ? describe.skip : describe;
const API_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-own-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A live process that is not this one (its pid can own a lock file). */
function sleeper(): ChildProcess {
  const c = spawn('sleep', ['120'], { stdio: 'ignore' });
  children.push(c);
  return c;
}

function writeLock(dir: string, owner: { pid: number; socket?: SocketAddress; startTime?: string }) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ hostname: os.hostname(), ...owner }));
}

function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return env;
}

const adminAdd = (dataDir: string, email: string) =>
  spawnSync(TSX, ['src/cli/admin-add.ts', email], {
    cwd: API_DIR,
    env: cliEnv(dataDir),
    encoding: 'utf8',
    timeout: 120_000,
  });

suite('data directory lock', () => {
  it('refuses a second owner in this process and in another live one; takes a dead owner’s file over', async () => {
    const dir = tmpDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const other = sleeper();
    writeLock(dir, { pid: other.pid! });
    expect(liveOwner(dir)?.pid).toBe(other.pid);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${other.pid}`));

    // Killed with SIGKILL: its file stays, and is stale.
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    expect(liveOwner(dir)).toBeUndefined();
    const taken = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    taken.release();

    // A live pid that started at another time is another process reusing the number: stale too.
    const reuse = sleeper();
    writeLock(dir, { pid: reuse.pid!, startTime: '1' });
    expect(liveOwner(dir)).toBeUndefined();
    lockDataDir(dir).release();
  });

  it('of processes opening one directory at once, exactly one wins', async () => {
    const dir = tmpDir();
    const script = `import { lockDataDir } from './src/db/data-dir-lock.ts';
      try { lockDataDir(process.env.DATA_DIR); console.log('won'); setTimeout(() => {}, 3000); }
      catch (e) { console.log(e.name); }`;
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const c = spawn(TSX, ['--eval', script], {
          cwd: API_DIR,
          env: cliEnv(dir),
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(c);
        let out = '';
        c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
        return new Promise<string>((r) => c.once('exit', () => r(out.trim())));
      }),
    );
    expect(runs.sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'won']);
  }, 120000);

  it('openPglite on a directory another live process owns throws instead of opening it twice', async () => {
    const dir = tmpDir();
    writeLock(dir, { pid: sleeper().pid! });
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });
});

suite('CLIs on a fresh data directory (the README from a fresh clone)', () => {
  it('seed loads the local accounts and the product seed, then admin:add grants admin to one', () => {
    const dir = tmpDir();
    const seed = spawnSync(TSX, ['src/cli/seed.ts'], {
      cwd: API_DIR,
      env: cliEnv(dir),
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(seed.stderr).toBe('');
    expect(seed.status).toBe(0);
    expect(seed.stdout).toMatch(/seeded \d+ sights/);
    // The CLI closed the database: its lock is gone with it.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const r = adminAdd(dir, 'traveller@wayfarer.local');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('traveller@wayfarer.local is an admin.');
  }, 300000);
});

suite('CLIs while another process owns the embedded database', () => {
  it('admin:add exits non-zero and says why when the owner serves no socket', () => {
    const dir = tmpDir();
    const owner = sleeper();
    writeLock(dir, { pid: owner.pid! });
    const r = adminAdd(dir, 'someone@test.local');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`is in use by process ${owner.pid}, which does not serve it on a socket`);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  }, 120000);

  it('admin:add exits non-zero and says why when the owner’s socket does not answer', () => {
    const dir = tmpDir();
    const owner = sleeper();
    writeLock(dir, { pid: owner.pid!, socket: { path: path.join(dir, '.s.PGSQL.5432') } });
    const r = adminAdd(dir, 'someone@test.local');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `is in use by process ${owner.pid}, and its socket ${path.join(dir, '.s.PGSQL.5432')} does not answer`,
    );
  }, 120000);
});

/** Starts the API (node with tsx's loader: one process); resolves once it listens, with what it printed so far. */
async function startApi(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: API_DIR,
    env: cliEnv(dataDir, {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const until = Date.now() + 180_000;
  while (!out.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the API did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out };
}

suite('the running API owns its data directory', () => {
  it('admin:add goes through the running API’s socket and the API sees the grant at once; a second API is refused', async () => {
    const dir = tmpDir();
    const port = await freePort();
    const api = await startApi(dir, port);
    const socket = path.join(dir, '.s.PGSQL.5432');
    expect(api.output()).toContain(`psql "host=${dir} port=5432 user=postgres dbname=postgres"`);
    expect(liveOwner(dir)).toMatchObject({ pid: api.child.pid, socket: { path: socket } });

    // A user, made through the same socket (as psql would).
    const viaSocket = new PostgresDb(new pg.Pool({ ...connectionConfig({ path: socket }), max: 1 }));
    const user = await createUser(viaSocket);
    await viaSocket.close();
    const token = await signJwt(
      DEFAULT_JWT_SECRET,
      { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    const stats = () =>
      fetch(`http://127.0.0.1:${port}/admin/stats`, { headers: { authorization: `Bearer ${token}` } });
    expect((await stats()).status).toBe(403);

    const r = adminAdd(dir, user.email);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${user.email} is an admin.`);
    expect(r.stdout).toContain(`through the running API (process ${api.child.pid})`);
    expect((await stats()).status).toBe(200);

    const second = spawnSync(TSX, ['src/index.ts'], {
      cwd: API_DIR,
      env: cliEnv(dir, { PORT: String(await freePort()), HOST: '127.0.0.1' }),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${api.child.pid}`);

    api.child.kill('SIGTERM');
    await new Promise((r) => api.child.once('exit', r));
    // A clean stop leaves neither the lock nor the socket behind.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(fs.existsSync(socket)).toBe(false);
  }, 300000);
});
