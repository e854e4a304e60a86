import { latToY, lonToX, xToLon, yToLat } from '@wayfarer/geo';
import type { Formatters } from '@wayfarer/i18n';
import { placeCategory, type Place } from '../nearby';
import type { MarkerCategory } from './category-icons';

/** Street level (zoom 17 and closer) shows every sight as its own marker. */
export const CLUSTER_MAX_ZOOM = 16;
/** Sights are grouped per square of this many screen pixels at the zoom shown... */
export const CLUSTER_CELL_PX = 60;
/** ...and neighbouring groups whose centres come closer than this are merged, so bubbles never pile up. */
export const CLUSTER_MERGE_PX = 40;
/** Sights on the exact same spot are fanned out on a circle of this radius (pixels) at street level. */
export const FAN_RADIUS_PX = 18;

const TILE_PX = 256;
/** Cluster keys: column * 2^21 + row stays an exact integer for every zoom up to CLUSTER_MAX_ZOOM. */
const KEY_STRIDE = 2 ** 21;

export type ViewItem =
  | {
      kind: 'cluster';
      key: string;
      cluster: number;
      zoom: number;
      count: number;
      lat: number;
      lon: number;
    }
  | {
      kind: 'sight';
      key: string;
      index: number;
      place: Place;
      category: MarkerCategory;
      lat: number;
      lon: number;
    };

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One zoom level's clustering: cluster centres (0-1 world units), sizes and each sight's cluster. */
interface Level {
  x: Float64Array;
  y: Float64Array;
  count: Int32Array;
  key: Float64Array;
  /** The first sight of each cluster: the one shown when a cluster holds a single sight. */
  first: Int32Array;
  of: Int32Array;
  size: number;
  /** The clusters by x, for view queries. */
  byX: XIndex;
  /** Each cluster's view item, made the first time it is in view. */
  items: Array<ViewItem | undefined>;
}

export function markerCategory(p: Place): MarkerCategory {
  const c = placeCategory(p);
  return c === 'all' ? 'landmark' : c;
}

const COMPACT: Intl.NumberFormatOptions = { notation: 'compact' };

/**
 * The count on a cluster bubble in the traveller's language, Intl's compact notation: '1.2K' in English,
 * '1,2 k' in French, '1.2 ألف' in Arabic, '999' below a thousand. `format` (useFormat's, or `formatters(lang)`)
 * keeps one formatter per locale. Made by the view, not kept in the index's items: the language can change.
 */
export function countLabel(n: number, format: Pick<Formatters, 'number'>): string {
  return format.number(n, COMPACT);
}

/** Below this many entries a view query just scans them all. */
const SCAN_BELOW = 64;

/**
 * Entries (sights or clusters) bucketed by x, so a view query reads only the buckets its box spans. Built in
 * one counting pass; queries answer in entry order, as a full scan would.
 */
class XIndex {
  private readonly min: number;
  private readonly perUnit: number;
  private readonly buckets: number;
  /** Entries grouped by bucket (entry order within each), and where each bucket starts. */
  private readonly items: Int32Array;
  private readonly start: Int32Array;
  private found = new Int32Array(0);

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
    private readonly size: number,
  ) {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < size; i++) {
      const x = xs[i]!;
      if (x < min) min = x;
      if (x > max) max = x;
    }
    this.buckets = size < SCAN_BELOW ? 1 : Math.min(4096, size >> 2);
    this.min = min;
    this.perUnit = max > min ? this.buckets / (max - min) : 0;
    const start = new Int32Array(this.buckets + 1);
    const at = new Int32Array(size);
    for (let i = 0; i < size; i++) start[(at[i] = this.bucket(xs[i]!)) + 1]!++;
    for (let b = 0; b < this.buckets; b++) start[b + 1]! += start[b]!;
    const fill = start.slice(0, this.buckets);
    const items = new Int32Array(size);
    for (let i = 0; i < size; i++) items[fill[at[i]!]!++] = i;
    this.items = items;
    this.start = start;
  }

  private bucket(x: number): number {
    return Math.max(0, Math.min(this.buckets - 1, Math.floor((x - this.min) * this.perUnit)));
  }

  /** Entries inside the box, in entry order (valid until the next call: the array is reused). */
  within(x0: number, x1: number, y0: number, y1: number): Int32Array {
    if (!this.size || x0 > x1) return this.found.subarray(0, 0);
    const from = this.start[this.bucket(x0)]!;
    const to = this.start[this.bucket(x1) + 1]!;
    if (this.found.length < to - from)
      this.found = new Int32Array(Math.max(to - from, this.found.length * 2));
    const out = this.found;
    let n = 0;
    for (let k = from; k < to; k++) {
      const i = this.items[k]!;
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) out[n++] = i;
    }
    const hits = out.subarray(0, n);
    // Buckets hold entries in order; several buckets interleave them.
    return this.bucket(x0) === this.bucket(x1) ? hits : hits.sort();
  }
}

/**
 * Grid cells of one level: open addressing on (column, row), the value being the cell's number (in order of
 * first appearance, as the sights come), with each cell's column and row.
 */
class CellTable {
  readonly gx: Int32Array;
  readonly gy: Int32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    this.gx = new Int32Array(capacity);
    this.gy = new Int32Array(capacity);
  }

  clear(): void {
    this.slots.fill(-1);
  }

  private slot(x: number, y: number): number {
    let h = Math.imul(x ^ Math.imul(y, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    let s = h & this.mask;
    for (;;) {
      const c = this.slots[s]!;
      if (c === -1 || (this.gx[c] === x && this.gy[c] === y)) return s;
      s = (s + 1) & this.mask;
    }
  }

  /** The cell at (x, y), or -1. */
  get(x: number, y: number): number {
    return this.slots[this.slot(x, y)]!;
  }

  /** The cell at (x, y), numbered `next` (its column and row kept) if new. */
  getOrAdd(x: number, y: number, next: number): number {
    const s = this.slot(x, y);
    const c = this.slots[s]!;
    if (c !== -1) return c;
    this.gx[next] = x;
    this.gy[next] = y;
    this.slots[s] = next;
    return next;
  }
}

/** Working arrays of a level's clustering, one per sight; kept for the next level (levels are built one at a time). */
interface Scratch {
  table: CellTable;
  cellOf: Int32Array;
  sx: Float64Array;
  sy: Float64Array;
  cnt: Int32Array;
  /** Counting sort of the cells by size. */
  from: Int32Array;
}

/**
 * Every sight clustered for the zoom on screen in one pass: a grid of CLUSTER_CELL_PX squares in Web Mercator
 * pixels, then neighbouring squares whose centres nearly touch merged into one. Cells nest from one zoom to the
 * next, so zooming in splits clusters instead of reshuffling them. Each zoom level is computed the first time
 * it is shown (about a millisecond for 10,000 sights) and kept, with its clusters bucketed by x so a view
 * reads only what lies near it; the map builds DOM markers only for the clusters and sights in view.
 */
export class SightClusterIndex {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly levels = new Map<number, Level>();
  private sightsByX: XIndex | null = null;
  private scratch: Scratch | null = null;
  /** Each sight's view item, made the first time it is in view (view items are never changed, only replaced). */
  private readonly sightItems: Array<ViewItem | undefined> = [];

  constructor(readonly places: readonly Place[]) {
    const n = places.length;
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = places[i]!;
      this.xs[i] = lonToX(p.longitude);
      this.ys[i] = latToY(p.latitude);
    }
  }

  /** Clusters and single sights inside the box at a zoom level (fractional zooms use the level below). */
  itemsInView(box: Box, zoom: number): ViewItem[] {
    const z = Math.floor(zoom);
    const x0 = box.east - box.west >= 360 ? 0 : lonToX(box.west);
    const x1 = box.east - box.west >= 360 ? 1 : lonToX(box.east);
    const y0 = latToY(box.north);
    const y1 = latToY(box.south);
    const out: ViewItem[] = [];
    if (z > CLUSTER_MAX_ZOOM) {
      this.sightsByX ??= new XIndex(this.xs, this.ys, this.places.length);
      for (const i of this.sightsByX.within(x0, x1, y0, y1)) out.push(this.sightItem(i));
      return out;
    }
    const level = this.level(z);
    for (const c of level.byX.within(x0, x1, y0, y1))
      out.push(level.items[c] ?? (level.items[c] = this.clusterItem(level, z, c)));
    return out;
  }

  /** The key of the cluster item holding a sight at a zoom, or null when it is shown on its own. */
  clusterKeyOf(index: number, zoom: number): string | null {
    const z = Math.floor(zoom);
    if (z > CLUSTER_MAX_ZOOM || index < 0 || index >= this.places.length) return null;
    const level = this.level(z);
    const c = level.of[index]!;
    return level.count[c]! > 1 ? `c:${z}:${level.key[c]}:${level.count[c]}` : null;
  }

  /** Indexes (into places) of the sights in one cluster of a zoom level. */
  leaves(zoom: number, cluster: number): number[] {
    const level = this.level(Math.floor(zoom));
    const out: number[] = [];
    for (let i = 0; i < level.of.length; i++) if (level.of[i] === cluster) out.push(i);
    return out;
  }

  private sightItem(i: number): ViewItem {
    let item = this.sightItems[i];
    if (!item) {
      const place = this.places[i]!;
      item = {
        kind: 'sight',
        key: `s:${place.id}`,
        index: i,
        place,
        category: markerCategory(place),
        lat: place.latitude,
        lon: place.longitude,
      };
      this.sightItems[i] = item;
    }
    return item;
  }

  /** A cluster of one sight shows as that sight. */
  private clusterItem(level: Level, z: number, c: number): ViewItem {
    const count = level.count[c]!;
    if (count === 1) return this.sightItem(level.first[c]!);
    return {
      kind: 'cluster',
      key: `c:${z}:${level.key[c]}:${count}`,
      cluster: c,
      zoom: z,
      count,
      lat: yToLat(level.y[c]!),
      lon: xToLon(level.x[c]!),
    };
  }

  private level(z: number): Level {
    let level = this.levels.get(z);
    if (!level) {
      level = this.cluster(z);
      this.levels.set(z, level);
    }
    return level;
  }

  private cluster(z: number): Level {
    const n = this.places.length;
    const world = TILE_PX * 2 ** z;
    const scale = world / CLUSTER_CELL_PX;
    this.scratch ??= {
      table: new CellTable(n),
      cellOf: new Int32Array(n),
      sx: new Float64Array(n),
      sy: new Float64Array(n),
      cnt: new Int32Array(n),
      from: new Int32Array(n + 2),
    };
    const { table, cellOf, sx, sy, cnt, from } = this.scratch;
    const { gx: gxOf, gy: gyOf } = table;
    table.clear();
    // 1. Grid: each sight into its cell; sums of positions per cell. Cells are numbered as they first appear.
    let cells = 0;
    let lastX = NaN;
    let lastY = NaN;
    let last = -1;
    for (let i = 0; i < n; i++) {
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      const gx = Math.floor(x * scale);
      const gy = Math.floor(y * scale);
      // Neighbouring sights often share a cell (at low zoom, all of them): skip the lookup then.
      let c = last;
      if (gx !== lastX || gy !== lastY) {
        c = table.getOrAdd(gx, gy, cells);
        if (c === cells) {
          sx[c] = 0;
          sy[c] = 0;
          cnt[c] = 0;
          cells++;
        }
        lastX = gx;
        lastY = gy;
        last = c;
      }
      cellOf[i] = c;
      sx[c]! += x;
      sy[c]! += y;
      cnt[c]!++;
    }
    // 2. Merge: the fullest cells first (ties in cell order) absorb neighbouring cells whose centres are within
    // CLUSTER_MERGE_PX. The order is a counting sort on the sizes before any merge.
    let most = 0;
    for (let c = 0; c < cells; c++) if (cnt[c]! > most) most = cnt[c]!;
    from.fill(0, 0, most + 2);
    for (let c = 0; c < cells; c++) from[most - cnt[c]! + 1]!++;
    for (let k = 1; k <= most + 1; k++) from[k]! += from[k - 1]!;
    const order = new Int32Array(cells);
    for (let c = 0; c < cells; c++) order[from[most - cnt[c]!]!++] = c;
    const owner = new Int32Array(cells).fill(-1);
    const near = (CLUSTER_MERGE_PX / world) ** 2;
    for (let k = 0; k < cells; k++) {
      const c = order[k]!;
      if (owner[c] !== -1) continue;
      owner[c] = c;
      const gx = gxOf[c]!;
      const gy = gyOf[c]!;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          if (!dx && !dy) continue;
          const d = table.get(gx + dx, gy + dy);
          if (d === -1 || owner[d] !== -1) continue;
          const ex = sx[c]! / cnt[c]! - sx[d]! / cnt[d]!;
          const ey = sy[c]! / cnt[c]! - sy[d]! / cnt[d]!;
          if (ex * ex + ey * ey > near) continue;
          owner[d] = c;
          sx[c]! += sx[d]!;
          sy[c]! += sy[d]!;
          cnt[c]! += cnt[d]!;
        }
      }
    }
    // 3. Compact the surviving cells into the level's clusters.
    const slot = new Int32Array(cells).fill(-1);
    let size = 0;
    for (let c = 0; c < cells; c++) if (owner[c] === c) slot[c] = size++;
    const x = new Float64Array(size);
    const y = new Float64Array(size);
    const count = new Int32Array(size);
    const key = new Float64Array(size);
    for (let c = 0; c < cells; c++) {
      const s = slot[c]!;
      if (s < 0) continue;
      x[s] = sx[c]! / cnt[c]!;
      y[s] = sy[c]! / cnt[c]!;
      count[s] = cnt[c]!;
      key[s] = gxOf[c]! * KEY_STRIDE + gyOf[c]!;
    }
    const first = new Int32Array(size).fill(-1);
    const of = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const s = slot[owner[cellOf[i]!]!]!;
      of[i] = s;
      if (first[s] === -1) first[s] = i;
    }
    return {
      x,
      y,
      count,
      key,
      first,
      of,
      size,
      byX: new XIndex(x, y, size),
      items: new Array<ViewItem | undefined>(size),
    };
  }
}

/**
 * Sights sharing one spot would hide each other (no zoom level separates them): spread each such group on a
 * small circle in screen space so every one stays visible and clickable. project/unproject map to pixels at the zoom.
 */
export function fanOutSameSpot(
  items: ViewItem[],
  project: (lat: number, lon: number) => { x: number; y: number },
  unproject: (x: number, y: number) => { lat: number; lon: number },
): ViewItem[] {
  const groups = new Map<string, number[]>();
  items.forEach((it, i) => {
    if (it.kind !== 'sight') return;
    const k = `${it.lat},${it.lon}`;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  const out = items.slice();
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const first = items[g[0]!]!;
    const c = project(first.lat, first.lon);
    const r = FAN_RADIUS_PX * Math.max(1, g.length / 6);
    g.forEach((idx, n) => {
      const a = (2 * Math.PI * n) / g.length - Math.PI / 2;
      const at = unproject(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
      out[idx] = { ...items[idx]!, lat: at.lat, lon: at.lon } as ViewItem;
    });
  }
  return out;
}
