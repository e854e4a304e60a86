import fs from 'node:fs';

/**
 * The local addresses of the TCP sockets listening on `port`, as Linux's /proc/net/tcp and tcp6 write them (hex:
 * 127.0.0.1 is 0100007F, ::1 is 00000000000000000000000001000000, every interface 00000000 or 32 zeros). Empty
 * where /proc/net is missing (another OS).
 */
export function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) out.push(local.slice(0, -5));
    }
  }
  return out;
}

/** 127.0.0.1 and ::1 as listeningAddresses writes them. */
export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set([
  '0100007F',
  '00000000000000000000000001000000',
]);
