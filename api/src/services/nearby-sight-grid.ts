import type { Db } from '../db/types';
import { SIGHT_COLUMNS, type NearbyOptions } from './sights';

/**
 * In-memory read model of the visible sights for GET /sights/nearby.
 *
 * The database stays the source of truth; this is a grid of every visible sight with its nearby item already
 * serialised, so a nearby answer is a few grid cells, an exact distance per candidate, a sort and a string join:
 * no database round trip and no JSON.stringify per request (which is what holds the SQL path to a few hundred
 * requests per second on two cores).
 *
 * Fresh by construction, not by expiry: migration 0150 makes every statement that writes public.sights NOTIFY
 * the ids it touched (whoever writes: this API, another copy of it, /rest/v1, psql), and the index re-reads those
 * rows. Until the first build is done, while the LISTEN connection is down, or when NEARBY_INDEX=sql, the route
 * answers from SQL (findNearby), which gives the same items in the same order (same distance formula,
 * ORDER BY rounded distance then id in "C" collation).
 *
 * Read-your-writes: `fence()` (run by the server after every mutating request) sends a marker NOTIFY and waits
 * until the listener has seen it and re-read everything notified before it, so a client that wrote and then asks
 * for nearby sights sees its write. A listener that never receives the marker (e.g. PostgreSQL behind a
 * transaction pooler, where LISTEN does not work) switches the index off for good, with a warning.
 */

export const SIGHTS_CHANNEL = 'wf_sights_changed';

// earthdistance's earth(): the sphere radius ll_to_earth and earth_distance use, in metres.
const EARTH_M = 6378168;
// PostgreSQL's RADIANS_PER_DEGREE (0.0174532925199432957692) as the nearest double.
const RADIANS_PER_DEGREE = 0.017453292519943295;
const CELL_DEG = 0.05;
const LAT_CELLS = Math.round(180 / CELL_DEG);
const LON_CELLS = Math.round(360 / CELL_DEG);
const FENCE_TIMEOUT_MS = 3000;
const RETRY_AFTER_MS = 5000;
const RELOAD_BATCH = 2000;
/** Bytes of recent nearby answers kept (see NearbySightGrid.answers). */
const ANSWER_CACHE_BYTES = 8 * 1024 * 1024;

interface Entry {
  id: string;
  x: number;
  y: number;
  z: number;
  cats: readonly string[];
  /** The row as the SQL path returns it, serialised to UTF-8, without the closing brace (distance fields follow). */
  json: Buffer;
  cell: number;
}

type Row = Record<string, unknown> & {
  id: string;
  latitude: number;
  longitude: number;
  category_slugs: string[] | null;
};

/**
 * Another read model kept by the grid's feed (the search index): loaded on every build (`ids` null) and with each
 * batch of notified ids, inside the grid's chain, so the grid's fence covers it too; cleared when the grid drops.
 */
export interface GridCompanion {
  load(db: Db, ids: readonly string[] | null): Promise<void>;
  clear(): void;
}

export type NearbySightGridState = 'idle' | 'building' | 'ready' | 'off' | 'closed';

/** ll_to_earth(lat, lon): the point on earthdistance's sphere, same operations in the same order. */
function toEarth(lat: number, lon: number): [number, number, number] {
  const la = lat * RADIANS_PER_DEGREE;
  const lo = lon * RADIANS_PER_DEGREE;
  return [
    EARTH_M * Math.cos(la) * Math.cos(lo),
    EARTH_M * Math.cos(la) * Math.sin(lo),
    EARTH_M * Math.sin(la),
  ];
}

/** earth_distance: chord (cube_distance) to great-circle metres (sec_to_gc). */
function chordToMetres(chord: number): number {
  return chord >= 2 * EARTH_M ? Math.PI * EARTH_M : 2 * EARTH_M * Math.asin(chord / (2 * EARTH_M));
}

/** Writes an ASCII string at `at`; returns the end. */
function ascii(out: Buffer, at: number, str: string): number {
  for (let i = 0; i < str.length; i++) out[at++] = str.charCodeAt(i);
  return at;
}

/** Writes a non-negative integer in decimal; returns the end. */
function digits(out: Buffer, at: number, n: number): number {
  if (n < 10) {
    out[at] = 0x30 + n;
    return at + 1;
  }
  const start = at;
  while (n > 0) {
    out[at++] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  for (let i = start, j = at - 1; i < j; i++, j--) {
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return at;
}

/**
 * Writes metres/1000 exactly as JSON.stringify prints that number (metres is a whole number: "1.234", "1.2",
 * "0.012", "3"); returns the end. Formatting through a string per item cost more than the rest of the answer.
 */
function kilometres(out: Buffer, at: number, metres: number): number {
  at = digits(out, at, Math.floor(metres / 1000));
  let frac = metres % 1000;
  if (!frac) return at;
  out[at++] = 0x2e; // '.'
  for (let div = 100; frac; div /= 10) {
    const d = Math.floor(frac / div);
    out[at++] = 0x30 + d;
    frac -= d * div;
  }
  return at;
}

const latCell = (lat: number) => Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
const lonCell = (lon: number) => ((Math.floor((lon + 180) / CELL_DEG) % LON_CELLS) + LON_CELLS) % LON_CELLS;

export class NearbySightGrid {
  private readonly cells = new Map<number, Entry[]>();
  private readonly byId = new Map<string, Entry>();
  private stateValue: NearbySightGridState = 'idle';
  private unlisten: (() => Promise<void>) | undefined;
  /** Every build and reload runs on this chain, one at a time, so a later re-read is always applied last. */
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private dirty = new Set<string>();
  private dirtyAll = false;
  private flushQueued = false;
  private readonly fences = new Map<string, () => void>();
  private fenceSeq = 0;
  private retryAt = 0;
  /**
   * The latest answers by query, least recently used first, at most ANSWER_CACHE_BYTES in all. Many visitors ask
   * the very same query: the explore page's default view, a searched city (the geocoder gives its fixed centre),
   * back/forward and reloads. Any change to the index empties it, so an answer is never older than the index.
   */
  private readonly answers = new Map<string, Buffer>();
  private answerBytes = 0;
  /** Answers served from `answers` / computed, since start (the bench prints them). */
  readonly answerStats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly opts: {
      enabled: boolean;
      warn?: (msg: string) => void;
      fenceTimeoutMs?: number;
      companions?: readonly GridCompanion[];
    } = {
      enabled: true,
    },
  ) {
    if (!opts.enabled) this.stateValue = 'off';
  }

  get state(): NearbySightGridState {
    return this.stateValue;
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * The nearby answer (`{"items":[…]}`, UTF-8) from memory, or null when the index cannot answer yet (the caller
   * uses SQL). The first call starts the build in the background.
   */
  async nearby(o: NearbyOptions): Promise<Buffer | null> {
    if (this.stateValue === 'idle') this.start();
    if (this.stateValue !== 'ready') return null;
    // Changes already notified are applied before answering (a reload is one indexed query).
    if (this.pending) await this.settled();
    if (this.stateValue !== 'ready') return null;
    const key = `${o.lat},${o.lon},${o.km},${o.limit},${o.categories.join(',')}`;
    const hit = this.answers.get(key);
    if (hit) {
      this.answerStats.hits++;
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, hit);
      return hit;
    }
    this.answerStats.misses++;
    const answer = this.query(o);
    this.answers.set(key, answer);
    this.answerBytes += answer.buffer.byteLength;
    for (const [k, b] of this.answers) {
      if (this.answerBytes <= ANSWER_CACHE_BYTES) break;
      this.answers.delete(k);
      this.answerBytes -= b.buffer.byteLength;
    }
    return answer;
  }

  /**
   * Whether the grid (and its companions) can answer now, with every change notified so far applied; starts the
   * build on first use as nearby() does.
   */
  async current(): Promise<boolean> {
    if (this.stateValue === 'idle') this.start();
    if (this.stateValue !== 'ready') return false;
    if (this.pending) await this.settled();
    return this.stateValue === 'ready';
  }

  /** Starts the background build (idempotent); nearby() calls it on first use. */
  start(): void {
    if (this.stateValue !== 'idle' || Date.now() < this.retryAt) return;
    this.stateValue = 'building';
    this.run(() => this.build());
  }

  /** Resolves when every build/reload queued so far has been applied. */
  async settled(): Promise<void> {
    while (this.pending) await this.chain;
  }

  /** Read-your-writes barrier: returns once every change committed before the call is in the index (or it is off). */
  async fence(): Promise<void> {
    // Not subscribed yet: a build that has still to LISTEN reads its snapshot after this write anyway.
    if (!this.unlisten || (this.stateValue !== 'ready' && this.stateValue !== 'building')) return;
    const token = `#fence ${process.pid}-${++this.fenceSeq}`;
    let timer: NodeJS.Timeout | undefined;
    const seen = new Promise<boolean>((resolve) => {
      this.fences.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), this.opts.fenceTimeoutMs ?? FENCE_TIMEOUT_MS);
    });
    try {
      await this.db.query('SELECT pg_notify($1, $2)', [SIGHTS_CHANNEL, token]);
      if (!(await seen)) {
        // Only give up if it is still listening (a close or a lost connection already changed the state).
        if (this.stateValue === 'ready' || this.stateValue === 'building') {
          this.turnOff(
            'the LISTEN connection receives no notifications (is DATABASE_URL a transaction pooler?)',
          );
        }
        return;
      }
      await this.settled();
    } catch {
      // The write already succeeded; a failed barrier only means the next nearby may come from SQL.
    } finally {
      clearTimeout(timer);
      this.fences.delete(token);
    }
  }

  async close(): Promise<void> {
    this.stateValue = 'closed';
    this.releaseFences();
    await this.chain.catch(() => undefined);
    await this.drop();
  }

  private turnOff(reason: string): void {
    this.opts.warn?.(`Nearby index off, answering from SQL: ${reason}`);
    this.stateValue = 'off';
    void this.drop();
  }

  /** Waiting fences are let go (their wait is over: the index answers from SQL now or is rebuilt). */
  private releaseFences(): void {
    for (const release of this.fences.values()) release();
    this.fences.clear();
  }

  /** Lets waiting fences go, forgets every entry and unsubscribes (resolves when the LISTEN is gone). */
  private drop(): Promise<void> {
    this.releaseFences();
    this.clear();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    return unlisten ? unlisten().catch(() => undefined) : Promise.resolve();
  }

  private clear(): void {
    this.cells.clear();
    this.byId.clear();
    this.forgetAnswers();
    for (const c of this.opts.companions ?? []) c.clear();
  }

  private forgetAnswers(): void {
    if (!this.answers.size) return;
    this.answers.clear();
    this.answerBytes = 0;
  }

  private run(task: () => Promise<void>): void {
    this.pending++;
    this.chain = this.chain
      .then(() => (this.stateValue === 'closed' || this.stateValue === 'off' ? undefined : task()))
      .catch((err: unknown) => {
        // A failed build or reload: answer from SQL and build again on a later request.
        if (this.stateValue !== 'closed' && this.stateValue !== 'off') {
          this.opts.warn?.(
            `Nearby index rebuild scheduled: ${err instanceof Error ? err.message : String(err)}`,
          );
          this.reset();
        }
      })
      .finally(() => {
        this.pending--;
      });
  }

  /** Back to 'idle' (SQL answers) without a subscription; the next nearby() after `retryAfterMs` builds again. */
  private reset(retryAfterMs = RETRY_AFTER_MS): void {
    this.stateValue = 'idle';
    this.retryAt = Date.now() + retryAfterMs;
    this.dirty.clear();
    this.dirtyAll = false;
    void this.drop();
  }

  private async build(): Promise<void> {
    // Subscribe first: a change committed while the snapshot is read is notified and re-read afterwards.
    this.unlisten ??= await this.db.listen(
      SIGHTS_CHANNEL,
      (payload) => this.onNotify(payload),
      (err) => {
        if (this.stateValue === 'closed' || this.stateValue === 'off') return;
        this.opts.warn?.(
          `Nearby index lost its LISTEN connection (${err.message}); answering from SQL until rebuilt`,
        );
        this.unlisten = undefined;
        this.reset(0);
      },
    );
    this.dirtyAll = false;
    const { rows } = await this.db.query<Row>(
      `SELECT ${SIGHT_COLUMNS} FROM public.sights s WHERE NOT s.hidden`,
    );
    this.clear();
    for (const row of rows) this.put(row);
    for (const c of this.opts.companions ?? []) await c.load(this.db, null);
    if (this.stateValue === 'building') this.stateValue = 'ready';
  }

  private onNotify(payload: string): void {
    if (payload.startsWith('#fence ')) {
      // Notifications arrive in commit order: everything notified before the marker is already in `dirty`.
      const release = this.fences.get(payload);
      if (release) {
        this.flush();
        release();
      }
      return;
    }
    for (const id of payload.split('\n')) {
      if (id === '*') this.dirtyAll = true;
      else if (id) this.dirty.add(id);
    }
    this.flush();
  }

  private flush(): void {
    if (this.flushQueued || (!this.dirty.size && !this.dirtyAll)) return;
    this.flushQueued = true;
    this.run(async () => {
      this.flushQueued = false;
      if (this.dirtyAll) {
        this.dirty.clear();
        await this.build();
        return;
      }
      const ids = [...this.dirty];
      this.dirty.clear();
      for (let i = 0; i < ids.length; i += RELOAD_BATCH) {
        const batch = ids.slice(i, i + RELOAD_BATCH);
        const { rows } = await this.db.query<Row>(
          `SELECT ${SIGHT_COLUMNS} FROM public.sights s WHERE s.id = ANY($1::text[]) AND NOT s.hidden`,
          [batch],
        );
        for (const id of batch) this.remove(id);
        for (const row of rows) this.put(row);
        for (const c of this.opts.companions ?? []) await c.load(this.db, batch);
      }
    });
  }

  private put(row: Row): void {
    this.remove(row.id);
    this.forgetAnswers();
    const [x, y, z] = toEarth(row.latitude, row.longitude);
    const cell = latCell(row.latitude) * LON_CELLS + lonCell(row.longitude);
    const e: Entry = {
      id: row.id,
      x,
      y,
      z,
      cats: row.category_slugs ?? [],
      json: Buffer.from(JSON.stringify(row).slice(0, -1)),
      cell,
    };
    this.byId.set(row.id, e);
    const list = this.cells.get(cell);
    if (list) list.push(e);
    else this.cells.set(cell, [e]);
  }

  private remove(id: string): void {
    const e = this.byId.get(id);
    if (!e) return;
    this.forgetAnswers();
    this.byId.delete(id);
    const list = this.cells.get(e.cell)!;
    const i = list.indexOf(e);
    list[i] = list[list.length - 1]!;
    list.pop();
    if (!list.length) this.cells.delete(e.cell);
  }

  /** The same items as findNearby: distance <= radius, categories overlap, sorted by rounded metres then id. */
  query(o: NearbyOptions): Buffer {
    const radius = o.km * 1000;
    const [cx, cy, cz] = toEarth(o.lat, o.lon);
    // Bounding box of the spherical cap (with a hair of margin); a cap over a pole spans every longitude.
    const ang = Math.min(Math.PI, radius / EARTH_M);
    const dLat = ang / RADIANS_PER_DEGREE + 1e-7;
    const latMin = Math.max(-90, o.lat - dLat);
    const latMax = Math.min(90, o.lat + dLat);
    const s = Math.sin(ang) / Math.cos(o.lat * RADIANS_PER_DEGREE);
    const allLon = latMin <= -90 || latMax >= 90 || !(s < 1);
    const dLon = allLon ? 180 : Math.asin(s) / RADIANS_PER_DEGREE + 1e-7;
    const c0 = Math.floor((o.lon - dLon + 180) / CELL_DEG);
    const c1 = Math.floor((o.lon + dLon + 180) / CELL_DEG);
    const lonSpan = allLon || c1 - c0 + 1 >= LON_CELLS ? LON_CELLS : c1 - c0 + 1;
    const first = allLon ? 0 : c0;
    const wanted = o.categories.length ? o.categories : null;

    const hits: Array<{ e: Entry; d: number; m: number }> = [];
    for (let la = latCell(latMin); la <= latCell(latMax); la++) {
      for (let k = 0; k < lonSpan; k++) {
        const list = this.cells.get(la * LON_CELLS + ((((first + k) % LON_CELLS) + LON_CELLS) % LON_CELLS));
        if (!list) continue;
        for (const e of list) {
          const dx = cx - e.x;
          const dy = cy - e.y;
          const dz = cz - e.z;
          const d = chordToMetres(Math.sqrt(dx * dx + dy * dy + dz * dz));
          if (d > radius) continue;
          if (wanted && !e.cats.some((c) => wanted.includes(c))) continue;
          hits.push({ e, d, m: Math.round(d) });
        }
      }
    }
    hits.sort((a, b) => a.m - b.m || (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0));
    // One buffer, written once: the rows are pre-encoded, only the distances are formatted per request (sending
    // a joined string instead costs a UTF-8 encoding of the whole body on every response).
    const n = Math.min(hits.length, o.limit);
    // Per item at most: a comma, the row, and the distance tail (under 64 bytes for any distance on Earth).
    let size = 16;
    for (let i = 0; i < n; i++) size += hits[i]!.e.json.length + 64;
    const out = Buffer.allocUnsafe(size);
    // TypedArray.set and a byte loop: Buffer#copy/#write cross into C++ per call, which dominated at ~70 items.
    let at = ascii(out, 0, '{"items":[');
    for (let i = 0; i < n; i++) {
      const h = hits[i]!;
      if (i) out[at++] = 0x2c; // ','
      out.set(h.e.json, at);
      at += h.e.json.length;
      at = ascii(out, at, ',"distance_m":');
      at = digits(out, at, h.m);
      at = ascii(out, at, ',"distance_km":');
      at = kilometres(out, at, h.m);
      out[at++] = 0x7d; // '}'
    }
    at = ascii(out, at, ']}');
    return out.subarray(0, at);
  }
}
