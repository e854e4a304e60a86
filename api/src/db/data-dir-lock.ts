import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SocketAddress } from './socket-address';
import { claimPrivateDataDir } from './private-dir';

/**
 * One owner per embedded data directory. PGlite has no postmaster to refuse a second process: two processes
 * opening one DATA_DIR each keep their own copy of the database in memory, never see each other's writes, and
 * the second can corrupt the files. Whichever process opens PGlite on a directory first writes this pid file;
 * every other process finds a live owner and connects through the owner's socket instead (or says why not).
 */
export const LOCK_FILE = 'wayfarer.lock';

export interface DataDirOwner {
  pid: number;
  hostname: string;
  /** /proc/<pid>/stat start time (Linux): tells a live owner from an unrelated process that reused its pid. */
  startTime?: string;
  /** Where the owner serves the database to other local processes (pglite-socket.ts). */
  socket?: SocketAddress;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid}${owner.hostname !== os.hostname() ? ` on ${owner.hostname}` : ''}. ` +
        `Stop it first (if no such process runs, delete ${path.join(dataDir, LOCK_FILE)}).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name), or undefined off Linux. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(owner: DataDirOwner): boolean {
  // Another machine's process (a shared volume) cannot be checked: assume it runs.
  if (owner.hostname !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = processStartTime(owner.pid);
  return !(owner.startTime && started && owner.startTime !== started);
}

function parseOwner(text: string | undefined): DataDirOwner | undefined {
  try {
    const o = JSON.parse(text ?? '') as DataDirOwner;
    return Number.isInteger(o.pid) && typeof o.hostname === 'string' ? o : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const readOwner = (file: string) => parseOwner(readText(file));

/** Directories this process holds (a second open of the same directory in one process is refused too). */
const held = new Set<string>();

function isLiveOwner(dir: string, owner: DataDirOwner | undefined): owner is DataDirOwner {
  if (!owner) return false;
  if (owner.pid === process.pid && owner.hostname === os.hostname()) return held.has(dir);
  return isAlive(owner);
}

/** The process that holds `dataDir` now, if it is alive. */
export function liveOwner(dataDir: string): DataDirOwner | undefined {
  const dir = path.resolve(dataDir);
  const owner = readOwner(path.join(dir, LOCK_FILE));
  return isLiveOwner(dir, owner) ? owner : undefined;
}

export class DataDirLock {
  private released = false;
  private readonly onExit = () => this.release();

  constructor(
    readonly dataDir: string,
    private owner: DataDirOwner,
  ) {
    // A process that exits without closing its database (an uncaught error) leaves no lock behind; after a
    // SIGKILL the pid is dead and the next owner takes the stale file over.
    process.once('exit', this.onExit);
  }

  get file(): string {
    return path.join(this.dataDir, LOCK_FILE);
  }

  /** Records where the owner serves the database, for the CLIs (atomic replace: readers never see half a file). */
  setSocket(socket: SocketAddress | undefined): void {
    if (this.released) return;
    this.owner = { ...this.owner, socket };
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.owner));
    fs.renameSync(tmp, this.file);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this.dataDir);
    process.off('exit', this.onExit);
    const current = readOwner(this.file);
    if (current?.pid === this.owner.pid && current.hostname === this.owner.hostname)
      fs.rmSync(this.file, { force: true });
  }
}

/**
 * Takes `dataDir` for this process, or throws DataDirLockedError naming the live owner. The file is created with
 * link(2), which fails if it exists, so of two processes starting at once exactly one wins; a stale file (its pid
 * is dead, or is this process without holding it) is removed and the race run again.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  claimPrivateDataDir(dir);
  const file = path.join(dir, LOCK_FILE);
  const me: DataDirOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: processStartTime(process.pid),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        if (held.has(dir)) throw new DataDirLockedError(dir, me);
        fs.linkSync(tmp, file);
        held.add(dir);
        return new DataDirLock(dir, me);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readText(file);
      const owner = parseOwner(text);
      if (isLiveOwner(dir, owner)) throw new DataDirLockedError(dir, owner);
      // Stale: removed only if it is still the file just judged (another process may have taken it over since).
      if (text !== undefined && readText(file) === text) fs.rmSync(file, { force: true });
    }
    throw new Error(`Could not take ${file}: it keeps changing`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
