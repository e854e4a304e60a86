import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, type PgliteDb } from '../db/pglite';
import { COPY_FROM_STDIN_REFUSED, serveEmbeddedDb, type EmbeddedDbServer } from '../db/pglite-socket';
import { loadConfig } from '../config/env';
import { connectionConfig, psqlCommand } from '../db/socket-address';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * The embedded PGlite (one PostgreSQL session) served on a unix socket while this process keeps querying it
 * through PgliteDb: a socket client's transaction and the API's never interleave, and NOTIFY from a socket
 * client's write reaches this process's listeners.
 */

// The embedded path only: the PostgreSQL pass has nothing to add here.
const suite = process.env.DATABASE_URL ? describe.skip : describe;

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-sock-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Resolves with whether `p` settled within `ms`. */
const settlesWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);

const ids = async (db: { query: PgliteDb['query'] }) =>
  (await db.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows.map((r) => Number(r.id));

describe('EMBEDDED_DB_SOCKET', () => {
  it('defaults to a unix socket in DATA_DIR; takes a loopback port, a directory or off; refuses other hosts', () => {
    const at = (v: string | undefined) =>
      loadConfig({ DATA_DIR: '/srv/wf-data', ...(v === undefined ? {} : { EMBEDDED_DB_SOCKET: v }) })
        .embeddedDbSocket;
    expect(at(undefined)).toEqual({ path: '/srv/wf-data/.s.PGSQL.5432' });
    expect(at('')).toEqual({ path: '/srv/wf-data/.s.PGSQL.5432' });
    expect(at('off')).toBeUndefined();
    expect(at('5433')).toEqual({ host: '127.0.0.1', port: 5433 });
    expect(at('localhost:5433')).toEqual({ host: '127.0.0.1', port: 5433 });
    expect(at('/run/wf')).toEqual({ path: '/run/wf/.s.PGSQL.5432' });
    expect(() => at('0.0.0.0:5433')).toThrow(/EMBEDDED_DB_SOCKET/);
    expect(() => at('99999')).toThrow(/EMBEDDED_DB_SOCKET/);
    // A data directory too deep for a unix socket path: any free loopback port (the lock file says which).
    expect(loadConfig({ DATA_DIR: `/tmp/${'d'.repeat(120)}` }).embeddedDbSocket).toEqual({
      host: '127.0.0.1',
      port: 0,
    });
    expect(psqlCommand({ host: '127.0.0.1', port: 5433 })).toBe(
      'psql "host=127.0.0.1 port=5433 user=postgres dbname=postgres sslmode=disable"',
    );
  });
});

suite('embedded database socket: one session shared with the API', () => {
  let db: PgliteDb;
  let server: EmbeddedDbServer;
  let client: pg.Client;

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec('CREATE TABLE t (id int PRIMARY KEY)');
    server = await serveEmbeddedDb(
      db,
      { path: path.join(tmpDir(), '.s.PGSQL.5432') },
      { idleInTransactionMs: 1500 },
    );
  }, 120000);

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  beforeEach(async () => {
    await db.query('DELETE FROM t');
    client = new pg.Client(connectionConfig(server.address));
    client.on('error', () => undefined);
    await client.connect();
  });

  afterEach(async () => {
    await client.end().catch(() => undefined);
  });

  it('serves a unix socket only its owner may open', () => {
    expect('path' in server.address).toBe(true);
    const mode = fs.statSync((server.address as { path: string }).path).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(server.psql).toMatch(/^psql "host=\/.+ port=5432 user=postgres dbname=postgres"$/);
  });

  it("holds the API's writes while a client is inside BEGIN … ROLLBACK: the API's write is kept, the client's gone", async () => {
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (1)');
    const apiWrite = db.query('INSERT INTO t VALUES (2)');
    // Inside the client's transaction the API's write would be rolled back with it: it must wait.
    expect(await settlesWithin(apiWrite, 300)).toBe(false);
    expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(1);
    await client.query('ROLLBACK');
    await apiWrite;
    expect(await ids(db)).toEqual([2]);
  });

  it("holds a client's statements while an API transaction is open: the client's write is kept, the API's rolled back", async () => {
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    let finish!: () => void;
    const finishing = new Promise<void>((r) => (finish = r));
    const apiTx = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (10)');
      inside();
      await finishing;
      throw new Error('the API gives up');
    });
    await entered;
    const clientWrite = client.query('INSERT INTO t VALUES (11)');
    expect(await settlesWithin(clientWrite, 300)).toBe(false);
    finish();
    await expect(apiTx).rejects.toThrow('the API gives up');
    await clientWrite;
    expect(await ids(db)).toEqual([11]);
  });

  it('holds the API between Parse/Bind/Execute and Sync of the extended protocol', async () => {
    const raw = await RawClient.open(connectionConfig(server.address).host);
    try {
      // Flush makes the server answer up to here (the INSERT ran) without ending the exchange.
      raw.send(parse('INSERT INTO t VALUES (21)'), bind(), execute(), FLUSH_MSG);
      await raw.until('C');
      const apiWrite = db.query('INSERT INTO t VALUES (20)');
      expect(await settlesWithin(apiWrite, 300)).toBe(false);
      raw.send(SYNC_MSG);
      expect(await raw.readyStatus()).toBe('I');
      await apiWrite;
      expect(await ids(db)).toEqual([20, 21]);
    } finally {
      raw.close();
    }
  });

  it('a second client waits for the first one’s transaction; both commit in order', async () => {
    const second = new pg.Client(connectionConfig(server.address));
    await second.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO t VALUES (31)');
      const other = second.query('INSERT INTO t VALUES (32) RETURNING (SELECT count(*) FROM t)::int AS seen');
      expect(await settlesWithin(other, 300)).toBe(false);
      await client.query('COMMIT');
      // It ran after the commit, so it saw the first client's row.
      expect((await other).rows[0].seen).toBe(1);
      expect(await ids(db)).toEqual([31, 32]);
    } finally {
      await second.end();
    }
  });

  it('rolls back what a client left open when it disconnects, and lets the API go on', async () => {
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (41)');
    const apiWrite = db.query('INSERT INTO t VALUES (40)');
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    await apiWrite;
    expect(await ids(db)).toEqual([40]);
  });

  it('refuses COPY FROM STDIN (it would stop PGlite), simple and extended, and keeps serving the client and the API', async () => {
    await expect(client.query('COPY t FROM STDIN')).rejects.toThrow(COPY_FROM_STDIN_REFUSED);
    await expect(client.query('copy t (id) from stdin with (format csv) -- $1', [])).rejects.toThrow(
      COPY_FROM_STDIN_REFUSED,
    );
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (61)');
    await expect(client.query({ text: 'COPY t FROM STDIN', values: [] })).rejects.toThrow(/COPY/);
    await client.query('COMMIT');
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.query('INSERT INTO t VALUES (60)');
    expect(await ids(db)).toEqual([60, 61]);
    // COPY … TO STDOUT works.
    const raw = await RawClient.open(connectionConfig(server.address).host);
    try {
      raw.send(msg('Q', Buffer.from('COPY (SELECT id FROM t ORDER BY id) TO STDOUT\0')));
      expect((await raw.until('d')).toString()).toBe('60\n');
      expect(await raw.readyStatus()).toBe('I');
    } finally {
      raw.close();
    }
  });

  it('disconnects a client idle inside a transaction, rolls it back, and lets the API go on', async () => {
    const errors: Error[] = [];
    client.on('error', (e) => errors.push(e));
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (51)');
    const started = Date.now();
    await db.query('INSERT INTO t VALUES (50)');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await ids(db)).toEqual([50]);
    await expect(client.query('COMMIT')).rejects.toThrow();
  });

  it('a client that LISTENs gets the notifications of its channels, from the API and from other clients; UNLISTEN stops them', async () => {
    const got: Array<{ channel: string; payload?: string }> = [];
    client.on('notification', (n) => got.push({ channel: n.channel, payload: n.payload }));
    await client.query('LISTEN wf_jobs');
    const other = new pg.Client(connectionConfig(server.address));
    const otherGot: unknown[] = [];
    other.on('notification', (n) => otherGot.push(n));
    await other.connect();
    try {
      // Sent by this process (the API enqueues in its own session) and by another client, after commit only.
      await db.query("SELECT pg_notify('wf_jobs', 'from-api')");
      await db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('wf_jobs', 'from-api-tx')");
      });
      await other.query("SELECT pg_notify('wf_jobs', 'from-client')");
      await db.query("SELECT pg_notify('wf_other', 'not-listened')");
      const until = Date.now() + 3000;
      while (got.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(got).toEqual([
        { channel: 'wf_jobs', payload: 'from-api' },
        { channel: 'wf_jobs', payload: 'from-api-tx' },
        { channel: 'wf_jobs', payload: 'from-client' },
      ]);
      // The client that did not LISTEN gets nothing; the client still answers queries as usual.
      expect(otherGot).toEqual([]);
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await client.query('UNLISTEN wf_jobs');
      await db.query("SELECT pg_notify('wf_jobs', 'after-unlisten')");
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toHaveLength(3);
    } finally {
      await other.end();
    }
  });

  it("a client's UNLISTEN * leaves the API's channels listened while the client stays connected", async () => {
    const got: string[] = [];
    const off = await db.listen('wf_test_channel', (p) => got.push(p));
    try {
      await client.query('UNLISTEN *');
      await db.query("SELECT pg_notify('wf_test_channel', 'still')");
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual(['still']);
    } finally {
      await off();
    }
  });

  it('keeps the API usable after a client runs UNLISTEN * on the shared session', async () => {
    const got: string[] = [];
    const off = await db.listen('wf_test_channel', (p) => got.push(p));
    try {
      await client.query('UNLISTEN *');
      await client.end();
      // The next API notification still arrives (the server LISTENs again after the client).
      await new Promise((r) => setTimeout(r, 100));
      await db.query("SELECT pg_notify('wf_test_channel', 'after')");
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual(['after']);
    } finally {
      await off();
    }
  });
});

suite('embedded database socket: NOTIFY from a socket client reaches the nearby index', () => {
  let s: TestServer;
  let server: EmbeddedDbServer;

  beforeAll(async () => {
    s = await startTestServer({ seed: false });
    server = await serveEmbeddedDb(s.db as PgliteDb, { path: path.join(tmpDir(), '.s.PGSQL.5432') });
  }, 120000);

  afterAll(async () => {
    await server.close();
    await s.close();
  });

  it('a sight inserted through the socket is in the next nearby answer from memory; the client gets no stray notification', async () => {
    await fetch(`${s.url}/sights/nearby?lat=0&lon=0&km=1`);
    await s.app.deps.sightIndex.settled();
    expect(s.app.deps.sightIndex.state).toBe('ready');
    const client = new pg.Client(connectionConfig(server.address));
    const stray: unknown[] = [];
    client.on('notification', (n) => stray.push(n));
    await client.connect();
    try {
      await client.query(
        `INSERT INTO public.sights (id, slug, name, normalized_name, latitude, longitude, category_slugs, category_hint, source)
         VALUES ('sock-sight', 'sock-sight', 'Socket Tower', 'socket tower', 12.5, 45.5, ARRAY['landmark'], 'landmark', 'test')`,
      );
      const until = Date.now() + 5000;
      let items: { id: string }[] = [];
      let source: string | null = null;
      while (Date.now() < until) {
        const r = await fetch(`${s.url}/sights/nearby?lat=12.5&lon=45.5&km=1`);
        source = r.headers.get('x-nearby-source');
        items = ((await r.json()) as { items: { id: string }[] }).items;
        if (items.some((i) => i.id === 'sock-sight')) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(source).toBe('index');
      expect(items.map((i) => i.id)).toContain('sock-sight');
      expect(stray).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

// --- a bare protocol client, to stop half-way through an extended-protocol exchange ------------------------

const msg = (type: string, body: Buffer) => {
  const m = Buffer.alloc(5 + body.length);
  m.write(type, 0, 'latin1');
  m.writeInt32BE(4 + body.length, 1);
  body.copy(m, 5);
  return m;
};
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const parse = (sql: string) => msg('P', Buffer.concat([Buffer.from(`\0${sql}\0`), int16(0)]));
const bind = () => msg('B', Buffer.concat([Buffer.from('\0\0'), int16(0), int16(0), int16(0)]));
const execute = () => msg('E', Buffer.concat([Buffer.from('\0'), Buffer.alloc(4)]));
const SYNC_MSG = msg('S', Buffer.alloc(0));
const FLUSH_MSG = msg('H', Buffer.alloc(0));

class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(dir: string): Promise<RawClient> {
    const socket = net.connect(path.join(dir, '.s.PGSQL.5432'));
    await new Promise((r) => socket.once('connect', r));
    const c = new RawClient(socket);
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    params.copy(startup, 8);
    socket.write(startup);
    expect(await c.readyStatus()).toBe('I');
    return c;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Reads messages up to the next one of `type`; returns its body. */
  async until(type: string): Promise<Buffer> {
    for (;;) {
      let at = 0;
      while (this.buf.length - at >= 5) {
        const end = at + 1 + this.buf.readInt32BE(at + 1);
        if (end > this.buf.length) break;
        if (this.buf[at] === type.charCodeAt(0)) {
          const body = this.buf.subarray(at + 5, end);
          this.buf = this.buf.subarray(end);
          return body;
        }
        at = end;
      }
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  /** Reads messages up to the next ReadyForQuery; its status letter. */
  async readyStatus(): Promise<string> {
    return String.fromCharCode((await this.until('Z'))[0]!);
  }

  close(): void {
    this.socket.destroy();
  }
}
