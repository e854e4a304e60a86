import path from 'node:path';

/** Where the API serves its embedded database to other local processes: a unix socket file or a loopback port. */
export type SocketAddress = { path: string } | { host: string; port: number };

/** The unix socket name libpq and node-postgres look for in a `host=<directory>`. */
export const SOCKET_FILE = '.s.PGSQL.5432';
// sun_path is 108 bytes on Linux (104 on macOS), terminating NUL included.
const MAX_SOCKET_PATH = 103;

const LOOPBACK_PORT = /^(?:(?:127\.0\.0\.1|localhost):)?(\d{1,5})$/;

/** EMBEDDED_DB_SOCKET: empty, `off`, a port, `127.0.0.1:<port>` / `localhost:<port>`, or a directory path. */
export function isSocketSetting(v: string): boolean {
  const port = LOOPBACK_PORT.exec(v);
  if (port) return Number(port[1]) <= 65535;
  return v === '' || v === 'off' || v.includes('/');
}

/**
 * The address for an EMBEDDED_DB_SOCKET value (checked by isSocketSetting); undefined = not served. Empty: a unix
 * socket in the data directory, or any free loopback port when that path is too long for a socket.
 */
export function socketAddressOf(
  setting: string,
  dataDir: string,
  repoRoot: string,
): SocketAddress | undefined {
  if (setting === 'off') return undefined;
  const port = LOOPBACK_PORT.exec(setting);
  if (port) return { host: '127.0.0.1', port: Number(port[1]) };
  const dir = setting ? path.resolve(repoRoot, setting) : dataDir;
  const file = path.join(dir, SOCKET_FILE);
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { path: file };
  if (setting)
    throw new Error(
      `EMBEDDED_DB_SOCKET: ${file} is longer than a unix socket path may be; choose a shorter directory or a port`,
    );
  return { host: '127.0.0.1', port: 0 };
}

/** node-postgres / libpq settings for an address (a unix socket is found as <host>/.s.PGSQL.<port>). */
export function connectionConfig(address: SocketAddress): {
  host: string;
  port: number;
  user: string;
  database: string;
} {
  if ('path' in address) {
    const port = Number(/\.s\.PGSQL\.(\d+)$/.exec(address.path)?.[1] ?? 5432);
    return { host: path.dirname(address.path), port, user: 'postgres', database: 'postgres' };
  }
  return { host: address.host, port: address.port, user: 'postgres', database: 'postgres' };
}

/** The psql command line that opens the database served at `address`. */
export function psqlCommand(address: SocketAddress): string {
  const c = connectionConfig(address);
  return `psql "host=${c.host} port=${c.port} user=${c.user} dbname=${c.database}${'path' in address ? '' : ' sslmode=disable'}"`;
}

export function describeAddress(address: SocketAddress): string {
  return 'path' in address ? address.path : `${address.host}:${address.port}`;
}
