import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { NetworkLog } from './network-log';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';
import { createVerifiedUser, nodeClient, storageKey, USERS, type NewUser } from '../e2e/helpers';
import { Stack, stackPorts } from '../e2e/src/stack';

type Session = NewUser['session'];

/** Shared pieces of the browser benchmarks: Chromium, ports, sessions, a local map-tile stand-in, formatting. */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests' flags, plus a resolver rule that answers every host name but localhost with "not found": the
 * benchmarks never reach the internet (the seed's Wikimedia Commons photos, any third party), whatever a page asks.
 * Requests that it stops are counted and printed, never added to the bytes.
 */
export const OFFLINE_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost';
export const BENCH_CHROMIUM_ARGS = [...CHROMIUM_FLAGS, OFFLINE_FLAG];

/**
 * Port offsets of the parts' stacks (shell 3000+offset, remotes +1..+4, API 4000+offset, control 3900+offset, and
 * here +5 for the monolith and +6 for the tile stand-in). BENCH_PORT_OFFSET moves them all, for two checkouts
 * benchmarking at once.
 */
export function benchOffset(part: 'bundle' | 'lighthouse' | 'routes' | 'searchbox'): number {
  const base = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  return base + { bundle: 50, lighthouse: 60, routes: 70, searchbox: 80 }[part];
}

/** "2 cores, load average 1.0 0.8 0.5": other work on the machine shows in every timing. */
export const machine = () =>
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
export const kib = (n: number, digits = 1) =>
  `${(n / 1024).toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} KiB`;
export const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en')} ms` : 'n/a');
export const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
export const fmtRatio = (r: number) => (Number.isFinite(r) ? r.toFixed(2) : 'n/a');
export const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** A session as supabase-js keeps it in the browser, and the flags of a visitor who ticked 'Stay logged in'. */
export interface BrowserSession {
  origin: string;
  items: { name: string; value: string }[];
}

/**
 * localStorage of a signed-in returning visitor (session under supabase-js's key, 'Stay logged in' and accepted
 * cookies, so the session stays in localStorage), for a page origin.
 */
export function browserSession(stack: Stack, origin: string, session: Session): BrowserSession {
  return {
    origin,
    items: [
      { name: storageKey(`http://localhost:${stack.ports.api}`), value: JSON.stringify(session) },
      { name: 'stayLoggedIn', value: 'true' },
      { name: 'acceptedCookies', value: 'true' },
    ],
  };
}

/** Playwright context options that start with the session in the origin's localStorage (no request is made for it). */
export function withSession(s: BrowserSession | undefined): Pick<BrowserContextOptions, 'storageState'> {
  return s ? { storageState: { cookies: [], origins: [{ origin: s.origin, localStorage: s.items }] } } : {};
}

/** A fresh verified traveller (sign-up, mailbox code, profile) on the stack's API, as the browser tests make them. */
export async function travellerSession(stack: Stack): Promise<Session> {
  process.env.E2E_PORT_OFFSET = String(stack.offset);
  return (await createVerifiedUser()).session;
}

/** The seeded admin account (admin@wayfarer.local, see the README's local accounts), signed in through the API. */
export async function adminSession(stack: Stack): Promise<Session> {
  process.env.E2E_PORT_OFFSET = String(stack.offset);
  const { data, error } = await nodeClient().auth.signInWithPassword(USERS.admin);
  if (error || !data.session) throw new Error(`admin sign-in failed: ${error?.message}`);
  return data.session;
}

/** A real sight id from the API (the most popular featured sight). */
export async function realSightId(stack: Stack): Promise<string> {
  const res = await fetch(`http://localhost:${stack.ports.api}/sights/featured?limit=1`);
  const body = (await res.json()) as { items?: { id: string }[] };
  const id = body.items?.[0]?.id;
  if (!id) throw new Error(`no sight from /sights/featured (${res.status})`);
  return id;
}

/**
 * A stand-in for the map-tile server (MAP_TILE_URL points at it before the stack starts): the map would otherwise
 * ask tile.openstreetmap.org, which the benchmarks never reach. Every /{z}/{x}/{y}.png is a 256x256 PNG drawn from
 * the coordinates (streets and blocks on a land colour), about the size of a real city tile.
 */
export function startTileServer(
  port: number,
): Promise<{ server: http.Server; url: string; tileBytes: number }> {
  const cache = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!m) return void res.writeHead(404).end();
    const key = m.slice(1).join('/');
    let png = cache.get(key);
    if (!png) cache.set(key, (png = tilePng(Number(m[1]), Number(m[2]), Number(m[3]))));
    res
      .writeHead(200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400',
        'Access-Control-Allow-Origin': '*',
      })
      .end(png);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () =>
      resolve({
        server,
        url: `http://localhost:${port}/{z}/{x}/{y}.png`,
        tileBytes: tilePng(12, 2074, 1409).length,
      }),
    );
  });
}

function tilePng(z: number, x: number, y: number): Buffer {
  const size = 256;
  let seed = (z * 73856093) ^ (x * 19349663) ^ (y * 83492791);
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const px = Buffer.alloc(size * size * 3);
  const fill = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let j = Math.max(0, y0); j < Math.min(size, y0 + h); j++)
      for (let i = Math.max(0, x0); i < Math.min(size, x0 + w); i++) px.set(rgb, (j * size + i) * 3);
  };
  fill(0, 0, size, size, [242, 239, 233]);
  for (let k = 0; k < 40; k++) {
    const shade = 200 + Math.floor(rand() * 30);
    fill(
      Math.floor(rand() * size),
      Math.floor(rand() * size),
      8 + Math.floor(rand() * 40),
      8 + Math.floor(rand() * 40),
      [shade, shade - 6, shade - 14],
    );
  }
  for (let k = 0; k < 14; k++) {
    const at = Math.floor(rand() * size);
    const w = 2 + Math.floor(rand() * 5);
    if (k % 2) fill(at, 0, w, size, [255, 255, 255]);
    else fill(0, at, size, w, [255, 255, 255]);
  }
  // A little texture, as rendered tiles have (anti-aliased labels and outlines).
  for (let k = 0; k < 2500; k++) px[Math.floor(rand() * px.length)] ^= 0x0f;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let j = 0; j < size; j++) px.copy(raw, j * (size * 3 + 1) + 1, j * size * 3, (j + 1) * size * 3);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function closeServer(server: http.Server | null | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((r) => server.close(() => r()));
}

/**
 * The e2e stack, whose API also lets the monolith's origin (port 3005+offset) call it: the e2e stack allows only
 * the shell's and the remotes' origins, so a monolith page served beside it had every API call refused by CORS
 * (no session check, no data: it never rendered the route it was measured for).
 */
class BenchStack extends Stack {
  override startApi(extraEnv: Record<string, string> = {}): Promise<void> {
    const origins = [this.ports.shell, ...Object.values(this.ports.remotes), 3005 + this.offset].map(
      (p) => `http://localhost:${p}`,
    );
    return super.startApi({ CORS_ORIGINS: origins.join(','), ...extraEnv });
  }
}

/** The monolith build's origin next to a bench stack. */
export const monolithPort = (stack: Stack) => 3005 + stack.offset;

/**
 * The production stack of the e2e tests (each app's dist on its own origin, the API on a scratch database) at a
 * bench offset, with the map tiles pointed at a local stand-in on port 3006+offset.
 */
export async function startBenchStack(
  offset: number,
): Promise<{ stack: Stack; tileBytes: number; stop: () => Promise<void> }> {
  const p = stackPorts(offset);
  const busy: number[] = [];
  for (const port of [p.shell, ...Object.values(p.remotes), p.api, p.control, 3005 + offset, 3006 + offset])
    if (!(await portFree(port))) busy.push(port);
  if (busy.length)
    throw new Error(
      `port ${busy.join(', ')} already in use (another stack?): move the bench with BENCH_PORT_OFFSET=<n>`,
    );
  const tiles = await startTileServer(3006 + offset);
  const saved = process.env.MAP_TILE_URL;
  process.env.MAP_TILE_URL = tiles.url;
  const stack = new BenchStack(offset);
  if (saved === undefined) delete process.env.MAP_TILE_URL;
  else process.env.MAP_TILE_URL = saved;
  const stop = async () => {
    await stack.stop();
    await closeServer(tiles.server);
  };
  try {
    await stack.start();
  } catch (err) {
    await stop();
    throw err;
  }
  return { stack, tileBytes: tiles.tileBytes, stop };
}

/** The first `main h1` (or, without one, the body's first words): what the visitor sees once the page settled. */
export async function heading(page: Page): Promise<string> {
  const text = await page.evaluate(
    () =>
      (document.querySelector('main h1') ?? document.querySelector('h1') ?? document.body)?.textContent ?? '',
  );
  return text.replace(/\s+/g, ' ').trim().slice(0, 48);
}

/**
 * Waits for a page to settle: the route rendered (a `main h1`, no remote loading indicator, at most `timeoutMs`),
 * then nothing in flight and no network activity for `quietMs`. Playwright's 'networkidle' alone is not enough under
 * a 4x CPU slowdown: running the shell's bundle takes longer than its 500 ms without requests.
 */
export async function settle(page: Page, log: NetworkLog, quietMs = 1000, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await page
    .waitForFunction(
      () => document.querySelector('main h1') && !document.querySelector('[data-testid="remote-loading"]'),
      undefined,
      {
        timeout: timeoutMs,
        polling: 100,
      },
    )
    .catch(() => undefined);
  while (Date.now() < deadline) {
    if (!log.list().some((r) => !r.finished) && Date.now() - log.lastActivity >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}
