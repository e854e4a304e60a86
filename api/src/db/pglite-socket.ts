import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { psqlCommand, type SocketAddress } from './socket-address';
import type { PgliteDb } from './pglite';

/**
 * The embedded database served on a local PostgreSQL socket, so that while the API owns DATA_DIR every other
 * process (the CLIs, psql) goes through it instead of opening the files a second time.
 *
 * PGlite is one PostgreSQL session. @electric-sql/pglite-socket frames each connection's messages
 * (PGLiteSocketHandler) and hands them to a queue; its own queue interleaves them with nothing else, while this
 * process also queries the same session through PgliteDb. SharedSession is the queue used here instead: a socket
 * client's message runs only while it holds PgliteDb's queue (`hold()`), and keeps holding it from its first
 * message until PostgreSQL reports the session idle again (ReadyForQuery 'I'). So a client's BEGIN … COMMIT, or
 * its Parse/Bind/Execute before Sync, never has an API query inside it, and never lands inside an API
 * transaction; other clients wait too. A client idle inside a transaction longer than `idleInTransactionMs` is
 * disconnected and rolled back (PostgreSQL's idle_in_transaction_session_timeout), since it stops the API.
 *
 * Session state is shared: SET and LISTEN by a client apply to the API's session as well. Notifications are read
 * off the client's output and handed to this process's listeners (the nearby index), not to the client. A client
 * that ran LISTEN gets the notifications of its channels (whoever sent them: this process or a client) as
 * PostgreSQL would send them, between its own exchanges; a client that did not, gets none.
 */

/** The queue contract PGLiteSocketHandler 0.2.17 calls (its QueryQueueManager is not exported). */
type HandlerQueue = PGLiteSocketHandlerOptions['queryQueue'];

const READY_FOR_QUERY = 0x5a; // 'Z'
const NOTIFICATION = 0x41; // 'A'
const TERMINATE = 0x58; // 'X'
const IDLE = 0x49; // 'I'

const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);
/** CopyFail: ends a COPY FROM STDIN the client left half-sent; PostgreSQL ignores it outside COPY. */
const COPY_FAIL = Uint8Array.from([0x66, 0, 0, 0, 5, 0]);

/** A simple-protocol Query message. */
function simpleQuery(sql: string): Uint8Array {
  const body = Buffer.from(`${sql}\0`);
  const m = Buffer.alloc(5 + body.length);
  m[0] = 0x51; // 'Q'
  m.writeInt32BE(4 + body.length, 1);
  body.copy(m, 5);
  return m;
}

/** An ErrorResponse; FATAL is what PostgreSQL sends before it closes a connection. */
export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`);
  const m = Buffer.alloc(5 + fields.length);
  m[0] = 0x45; // 'E'
  m.writeInt32BE(4 + fields.length, 1);
  fields.copy(m, 5);
  return m;
}

const readyForQuery = (status: number) => Buffer.from([READY_FOR_QUERY, 0, 0, 0, 5, status]);

/**
 * COPY … FROM STDIN makes PGlite 0.5 exit its WebAssembly program (the API's database with it): such a Query or
 * Parse is answered with an error here and never reaches PGlite. (COPY … TO STDOUT works.)
 */
const COPY_FROM_STDIN = /\bcopy\b[\s\S]*?\bfrom\s+stdin\b/i;
export const COPY_FROM_STDIN_REFUSED =
  'COPY … FROM STDIN (psql: \\copy … from) is not available on the embedded database socket; use INSERT, or set DATABASE_URL to a PostgreSQL server';

/** The SQL text of a Query ('Q') or Parse ('P') message, else undefined. */
function statementOf(message: Uint8Array): string | undefined {
  const m = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (m[0] === 0x51) return m.toString('utf8', 5, m.length - 1);
  if (m[0] === 0x50) {
    const nameEnd = m.indexOf(0, 5);
    return m.toString('utf8', nameEnd + 1, m.indexOf(0, nameEnd + 1));
  }
  return undefined;
}

/** LISTEN / UNLISTEN statements of a client's message: the channels (PostgreSQL names; '*' = all). */
export function listenCommands(sql: string): Array<{ listen: boolean; channel: string }> {
  const out: Array<{ listen: boolean; channel: string }> = [];
  for (const statement of sql.split(';')) {
    const m = /^\s*(un)?listen\s+("(?:[^"]|"")+"|[a-z_][\w$]*|\*)\s*$/i.exec(statement);
    if (!m) continue;
    const raw = m[2]!;
    const channel = raw.startsWith('"')
      ? raw.slice(1, -1).replace(/""/g, '"')
      : raw === '*'
        ? '*'
        : raw.toLowerCase();
    out.push({ listen: !m[1], channel });
  }
  return out;
}

/** A NotificationResponse message, as PostgreSQL sends one to a listening client. */
function notificationResponse(channel: string, payload: string): Buffer {
  const body = Buffer.concat([Buffer.alloc(4), Buffer.from(`${channel}\0${payload}\0`)]);
  const m = Buffer.alloc(5 + body.length);
  m[0] = NOTIFICATION;
  m.writeInt32BE(4 + body.length, 1);
  body.copy(m, 5);
  return m;
}

/**
 * Splits PGlite's raw output into backend messages: remembers the last ReadyForQuery status, takes
 * NotificationResponse messages out (to `onNotify`) and returns the bytes to send on.
 */
class BackendReader {
  private pending: Buffer = Buffer.alloc(0);
  status: number | undefined;

  read(chunk: Uint8Array, onNotify: (channel: string, payload: string) => void): Buffer {
    // PGlite lends a view of its memory: only what is copied or sent before returning survives.
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const buf = this.pending.length ? Buffer.concat([this.pending, view]) : view;
    const out: Buffer[] = [];
    let from = 0;
    let at = 0;
    while (buf.length - at >= 5) {
      const end = at + 1 + buf.readInt32BE(at + 1);
      if (end > buf.length) break;
      if (buf[at] === READY_FOR_QUERY) this.status = buf[at + 5];
      else if (buf[at] === NOTIFICATION) {
        if (at > from) out.push(buf.subarray(from, at));
        const channelEnd = buf.indexOf(0, at + 9);
        onNotify(
          buf.toString('utf8', at + 9, channelEnd),
          buf.toString('utf8', channelEnd + 1, buf.indexOf(0, channelEnd + 1)),
        );
        from = end;
      }
      at = end;
    }
    if (at > from) out.push(buf.subarray(from, at));
    this.pending = Buffer.from(buf.subarray(at));
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }
}

interface Job {
  handlerId: number;
  /** undefined: the client has gone, clean up after it. */
  message?: Uint8Array;
  onData?: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

export class SharedSession {
  private jobs: Job[] = [];
  private running = false;
  /** The client whose transaction (or unfinished extended-protocol exchange) holds the session. */
  private owner: number | null = null;
  private release: (() => void) | null = null;
  private idle = true;
  /** The last transaction status PostgreSQL reported ('I', 'T' or 'E'). */
  private status = IDLE;
  /** A refused Parse: the rest of that client's exchange is dropped up to its Sync, as PostgreSQL does after an error. */
  private skipToSync = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly reader = new BackendReader();

  constructor(
    private readonly db: PgliteDb,
    private readonly opts: {
      idleInTransactionMs: number;
      onIdleInTransaction: (handlerId: number) => void;
      /** A client ran LISTEN or UNLISTEN (it runs on the shared session too). */
      onListen?: (handlerId: number, listen: boolean, channel: string) => void;
    },
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  clearQueueForHandler(handlerId: number): void {
    this.jobs = this.jobs.filter((j) => {
      if (j.handlerId !== handlerId || !j.message) return true;
      j.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** The client has gone: once its last message has run, roll back what it left open. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, resolve: () => resolve(), reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        // While a client holds the session only its own messages run; the others (and the API) wait.
        const i =
          this.owner === null
            ? this.jobs.length
              ? 0
              : -1
            : this.jobs.findIndex((j) => j.handlerId === this.owner);
        if (i < 0) break;
        const [job] = this.jobs.splice(i, 1);
        await this.run(job!).then(job!.resolve, job!.reject);
      }
    } finally {
      this.running = false;
    }
  }

  private async run(job: Job): Promise<number> {
    clearTimeout(this.idleTimer);
    this.release ??= await this.db.hold();
    this.owner = job.handlerId;
    let bytes = 0;
    try {
      if (!job.message) await this.reset();
      // Terminate would end PGlite's one session: the client's connection just closes (and is cleaned up).
      else if (!(job.message[0] === TERMINATE && job.message.length === 5)) {
        bytes = await this.handle(job.message, job.onData!);
        const commands = listenCommands(statementOf(job.message) ?? '');
        for (const c of commands) this.opts.onListen?.(job.handlerId, c.listen, c.channel);
        // UNLISTEN ran on the shared session: this process (and the other clients) keep their channels.
        if (this.idle && commands.some((c) => !c.listen)) await this.relisten();
      }
    } finally {
      if (this.idle) {
        this.owner = null;
        this.release();
        this.release = null;
      } else {
        const owner = job.handlerId;
        this.idleTimer = setTimeout(
          () => this.opts.onIdleInTransaction(owner),
          this.opts.idleInTransactionMs,
        );
        this.idleTimer.unref();
      }
    }
    return bytes;
  }

  /** One client message: refused (COPY FROM STDIN) and the rest of its exchange skipped, or run. */
  private async handle(message: Uint8Array, forward: (data: Uint8Array) => void): Promise<number> {
    if (this.skipToSync) {
      if (message[0] !== SYNC[0]) return 0;
      this.skipToSync = false;
    } else if (COPY_FROM_STDIN.test(statementOf(message) ?? '')) {
      const refusal = errorResponse('ERROR', '0A000', COPY_FROM_STDIN_REFUSED);
      if (message[0] === 0x50) {
        // Extended protocol: the client sends Bind/Execute and then Sync; those are dropped, Sync still runs.
        this.skipToSync = true;
        this.idle = false;
        forward(refusal);
        return refusal.length;
      }
      const out = Buffer.concat([refusal, readyForQuery(this.status)]);
      forward(out);
      return out.length;
    }
    return this.exchange(message, forward);
  }

  /** Runs one protocol message; the session is idle again only once PostgreSQL says so in a ReadyForQuery. */
  private async exchange(message: Uint8Array, forward: (data: Uint8Array) => void): Promise<number> {
    const { pg } = this.db;
    let bytes = 0;
    this.idle = false;
    this.reader.status = undefined;
    await pg.runExclusive(() =>
      pg.execProtocolRawStream(message, {
        onRawData: (chunk) => {
          const out = this.reader.read(chunk, (channel, payload) => this.db.deliver(channel, payload));
          if (!out.length) return;
          bytes += out.length;
          forward(out);
        },
      }),
    );
    if (this.reader.status !== undefined) this.status = this.reader.status;
    this.idle = this.reader.status === IDLE;
    return bytes;
  }

  /**
   * After a client: end its half-sent COPY or extended-protocol exchange (CopyFail, Sync), roll back its
   * transaction, and LISTEN again on this process's channels (in case it ran UNLISTEN * or DISCARD ALL).
   */
  private async reset(): Promise<void> {
    const discard = () => undefined;
    this.skipToSync = false;
    if (!this.idle) {
      try {
        await this.exchange(COPY_FAIL, discard);
        await this.exchange(SYNC, discard);
        if (!this.idle) await this.exchange(simpleQuery('ROLLBACK'), discard);
      } finally {
        // The client is gone: whatever PostgreSQL says now, holding the session would stop the API for good.
        this.idle = true;
      }
    }
    await this.relisten();
  }

  /** LISTEN again on this process's channels, on the shared session. */
  private async relisten(): Promise<void> {
    const channels = this.db.listenedChannels();
    if (channels.length)
      await this.exchange(
        simpleQuery(channels.map((c) => `LISTEN "${c.replace(/"/g, '""')}"`).join('; ')),
        () => undefined,
      );
  }
}

export interface EmbeddedDbServer {
  address: SocketAddress;
  /** The psql command line that opens this database. */
  psql: string;
  close(): Promise<void>;
}

/** A unix socket file left by a process that died (SIGKILL) refuses connections: it is removed before listening. */
async function removeDeadSocket(file: string): Promise<void> {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isSocket()) return;
  const answers = await new Promise<boolean>((resolve) => {
    const probe = net.connect(file);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (!answers) fs.rmSync(file, { force: true });
}

const MAX_CONNECTIONS = 32;

/**
 * Serves `db` on a unix socket (`{ path }`, mode 0600) or a loopback TCP port (`{ host, port }`, port 0 = any).
 * There is no password: the unix socket's file mode, or the loopback, is the only protection.
 */
export async function serveEmbeddedDb(
  db: PgliteDb,
  where: SocketAddress,
  opts: { idleInTransactionMs?: number } = {},
): Promise<EmbeddedDbServer> {
  const clients = new Map<number, { handler: PGLiteSocketHandler; socket: net.Socket }>();
  // Channels socket clients LISTEN on: this process listens once per channel and writes each notification to
  // every client listening on it (an idle client's socket gets it at once, as from PostgreSQL).
  const subscriptions = new Map<
    string,
    { clients: Set<number>; off: Promise<(() => Promise<void>) | undefined> }
  >();
  const unsubscribe = (id: number, channel: string) => {
    for (const [name, sub] of subscriptions) {
      if ((channel !== '*' && name !== channel) || !sub.clients.delete(id) || sub.clients.size) continue;
      subscriptions.delete(name);
      void sub.off.then((off) => off?.()).catch(() => undefined);
    }
  };
  const onListen = (id: number, listen: boolean, channel: string) => {
    if (!listen) return unsubscribe(id, channel);
    if (channel === '*') return;
    let sub = subscriptions.get(channel);
    if (!sub) {
      const quoted = `"${channel.replace(/"/g, '""')}"`;
      const off = db
        .listen(quoted, (payload) => {
          for (const cid of subscriptions.get(channel)?.clients ?? []) {
            const c = clients.get(cid);
            if (c?.socket.writable) c.socket.write(notificationResponse(channel, payload));
          }
        })
        .catch(() => undefined);
      subscriptions.set(channel, (sub = { clients: new Set(), off }));
    }
    sub.clients.add(id);
  };
  const session = new SharedSession(db, {
    onListen,
    idleInTransactionMs: opts.idleInTransactionMs ?? 15_000,
    onIdleInTransaction: (id) => {
      const c = clients.get(id);
      if (!c) return;
      if (c.socket.writable)
        c.socket.write(
          errorResponse(
            'FATAL',
            '25P03',
            'terminating connection due to idle-in-transaction timeout (it holds the API)',
          ),
        );
      void c.handler.detach(true);
    },
  });
  const server = net.createServer((socket) => {
    if (clients.size >= MAX_CONNECTIONS) {
      socket.end(errorResponse('FATAL', '53300', 'sorry, too many clients already'));
      return;
    }
    const handler = new PGLiteSocketHandler({
      queryQueue: session as unknown as HandlerQueue,
      closeOnDetach: true,
    });
    const id = handler.handlerId;
    clients.set(id, { handler, socket });
    const forget = () => {
      clients.delete(id);
      unsubscribe(id, '*');
    };
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    void handler.attach(socket);
  });
  if ('path' in where) {
    // A directory made for the socket is this user's alone (an existing one, /tmp say, is left as it is).
    fs.mkdirSync(path.dirname(where.path), { recursive: true, mode: 0o700 });
    await removeDeadSocket(where.path);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('path' in where) server.listen(where.path, resolve);
    else server.listen(where.port, where.host, resolve);
  });
  let address: SocketAddress;
  if ('path' in where) {
    fs.chmodSync(where.path, 0o600);
    address = where;
  } else {
    address = { host: where.host, port: (server.address() as net.AddressInfo).port };
  }
  return {
    address,
    psql: psqlCommand(address),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Each detach rolls back what its client left open before the database can close.
      await Promise.all([...clients.values()].map(({ handler }) => handler.detach(true)));
      clients.clear();
      for (const id of [...subscriptions.values()].flatMap((sub) => [...sub.clients])) unsubscribe(id, '*');
      await closed;
    },
  };
}
