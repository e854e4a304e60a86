import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite';
import { serveEmbeddedDb } from '../db/pglite-socket';
import { localMediaStore } from '../services/media-store';

/**
 * The embedded database's files carry password hashes and sessions (its write-ahead log included), and the media
 * directory holds unreviewed photos and avatars: another local OS user must read none of them. The data directory
 * is 0700 and every file in it 0600, a directory an earlier version left open is tightened at start-up, and the
 * media store and the embedded database's socket make theirs private whatever the process's umask.
 */
let root: string;
const umaskBefore = process.umask();
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-private-'));
});
afterEach(() => {
  process.umask(umaskBefore);
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** Every directory under `dir` that is not 0700 and every file another user can read or write, with its mode. */
function open(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (mode(d) !== 0o700) out.push(`${path.relative(dir, d) || '.'} ${mode(d).toString(8)}`);
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && (mode(p) & 0o077) !== 0)
        out.push(`${path.relative(dir, p)} ${mode(p).toString(8)}`);
    }
  };
  walk(dir);
  return out;
}

describe('the embedded database directory', () => {
  it('is created 0700 with files 0600, even under a permissive umask', async () => {
    process.umask(0o022);
    const dir = path.join(root, 'fresh', 'data');
    const db = await openPglite(dir);
    try {
      expect(mode(dir)).toBe(0o700);
      // Writes reach the write-ahead log and the tables' files.
      await db.script(
        "CREATE TABLE secrets (hash text); INSERT INTO secrets SELECT 'bcrypt-hash-' || g FROM generate_series(1, 500) g; CHECKPOINT;",
      );
      expect(mode(dir)).toBe(0o700);
    } finally {
      await db.close();
    }
    const files = fs.readdirSync(dir, { recursive: true }).length;
    expect(files).toBeGreaterThan(10);
    expect(open(dir)).toEqual([]);
    // The parent made for it is private too (the usual DATA_DIR is a fresh .data of the checkout).
    expect(mode(path.dirname(dir))).toBe(0o700);
  });

  it('tightens a directory an earlier version left readable: 0755 and 0644 files become 0700 and 0600', async () => {
    process.umask(0o022);
    const dir = path.join(root, 'old');
    const first = await openPglite(dir);
    await first.script('CREATE TABLE t (x int); INSERT INTO t VALUES (1);');
    await first.close();
    // What an earlier version left: everything readable by every local user.
    const loosen = (d: string) => {
      fs.chmodSync(d, 0o755);
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) loosen(p);
        else if (e.isFile()) fs.chmodSync(p, 0o644);
      }
    };
    loosen(dir);
    fs.writeFileSync(path.join(dir, 'left-over.txt'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dir, 'left-over.txt'), 0o666);
    expect(open(dir).length).toBeGreaterThan(10);

    const db = await openPglite(dir);
    try {
      // At start-up, before any request: the directory and every file already there.
      expect(open(dir)).toEqual([]);
      expect((await db.query<{ x: number }>('SELECT x FROM t')).rows).toEqual([{ x: 1 }]);
    } finally {
      await db.close();
    }
    expect(open(dir)).toEqual([]);
  });

  it('serves its socket 0600 in a directory made 0700 for it', async () => {
    process.umask(0o022);
    const db = await openPglite(undefined);
    const socketDir = path.join(root, 'sockets', 'api');
    const server = await serveEmbeddedDb(db, { path: path.join(socketDir, '.s.PGSQL.5432') });
    try {
      expect(mode(socketDir)).toBe(0o700);
      expect(mode(path.join(socketDir, '.s.PGSQL.5432'))).toBe(0o600);
    } finally {
      await server.close();
      await db.close();
    }
  });
});

describe('the local media store', () => {
  it('writes files 0600 in directories 0700, whatever the umask', async () => {
    process.umask(0o022);
    const dir = path.join(root, 'media');
    fs.mkdirSync(dir, { mode: 0o700 });
    const store = localMediaStore(dir);
    await store.put('avatars/u1/photo.jpg', Buffer.from('jpeg bytes with EXIF'));
    await store.put('guide-audio/g1/st1.mp3', Buffer.from('ID3'));
    expect(open(dir)).toEqual([]);
    expect((await store.get('avatars/u1/photo.jpg'))?.toString()).toBe('jpeg bytes with EXIF');
  });
});
