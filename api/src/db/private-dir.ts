import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes the embedded database's directory this OS user's alone: the directory 0700, and from now on every file this
 * process creates 0600 (a process-wide umask of 077, since PGlite's file system and the media store create files
 * with the default 0666). The data directory holds the database files and the write-ahead log, which carry
 * password hashes and sessions, so another local user must not read them. What an earlier version left readable is
 * tightened too (directories 0700, files 0600; sockets are left as they are).
 */
export function makePrivateDataDir(dir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(path.resolve(dir));
}

function tighten(dir: string): void {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(p);
    else if (entry.isFile() && (fs.statSync(p).mode & 0o077) !== 0) fs.chmodSync(p, 0o600);
  }
}
