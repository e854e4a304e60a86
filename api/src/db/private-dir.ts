import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * From now on every file and directory this process creates without an explicit mode is its OS user's alone (umask
 * 077: files 0600, directories 0700). PGlite's file system, the media store and the speech engine's scratch files
 * are created with the default 0666, which the usual umask 022 leaves readable by every local user. A worker thread
 * cannot change the process's umask (Node refuses): there the explicit modes and makePrivateDir still apply.
 */
export function restrictNewFiles(): void {
  if (isMainThread) process.umask(0o077);
}

/**
 * Makes `dir` this OS user's alone: created 0700 when missing, and what an earlier version left readable tightened
 * (directories 0700, files 0600; sockets and links are left as they are).
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(path.resolve(dir));
}

/**
 * Makes the embedded database's directory this OS user's alone: the directory 0700, and from now on every file this
 * process creates 0600 (restrictNewFiles). The data directory holds the database files and the write-ahead log,
 * which carry password hashes and sessions, so another local user must not read them.
 */
export function makePrivateDataDir(dir: string): void {
  restrictNewFiles();
  makePrivateDir(dir);
}

/**
 * The embedded database's directory, created (or its own mode set) 0700 before anything opens it, and this process's
 * new files private from then on; the files already inside are tightened once PGlite has opened it (openPglite), in
 * one walk rather than two.
 */
export function claimPrivateDataDir(dir: string): void {
  restrictNewFiles();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

function tighten(dir: string): void {
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(p);
    else if (entry.isFile() && (fs.statSync(p).mode & 0o077) !== 0) fs.chmodSync(p, 0o600);
  }
}
