import { placeCategory, type Place } from '../nearby/lib/places-logic';
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
const MAX_LAT = 85.0511287798;
/** Cell keys: x * 2^21 + y stays an exact integer for every zoom up to CLUSTER_MAX_ZOOM. */
const KEY_STRIDE = 2 ** 21;

export type ViewItem =
  | { kind: 'cluster'; key: string; cluster: number; zoom: number; count: number; label: string; lat: number; lon: number }
  | { kind: 'sight'; key: string; index: number; place: Place; category: MarkerCategory; lat: number; lon: number };

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
}

export function markerCategory(p: Place): MarkerCategory {
  const c = placeCategory(p);
  return c === 'all' ? 'landmark' : c;
}

/** '10k', '1.2k', '999': the count on a cluster bubble. */
export function countLabel(n: number): string {
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${Math.round(n / 100) / 10}k`;
  return String(n);
}

const lonToX = (lon: number) => lon / 360 + 0.5;
function latToY(lat: number): number {
  const s = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}
const xToLon = (x: number) => (x - 0.5) * 360;
const yToLat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * Every sight clustered for the zoom on screen in one pass: a grid of CLUSTER_CELL_PX squares in Web Mercator
 * pixels, then neighbouring squares whose centres nearly touch merged into one. Cells nest from one zoom to the
 * next, so zooming in splits clusters instead of reshuffling them. Each zoom level is computed the first time
 * it is shown (a few milliseconds for 10,000 sights) and kept; the map builds DOM markers only for the clusters
 * and sights in view.
 */
export class SightIndex {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly levels = new Map<number, Level>();

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
      for (let i = 0; i < this.places.length; i++) {
        const x = this.xs[i]!;
        const y = this.ys[i]!;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) out.push(this.sightItem(i));
      }
      return out;
    }
    const level = this.level(z);
    for (let c = 0; c < level.size; c++) {
      const x = level.x[c]!;
      const y = level.y[c]!;
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      const count = level.count[c]!;
      if (count === 1) {
        out.push(this.sightItem(level.first[c]!));
        continue;
      }
      out.push({
        kind: 'cluster',
        key: `c:${z}:${level.key[c]}:${count}`,
        cluster: c,
        zoom: z,
        count,
        label: countLabel(count),
        lat: yToLat(y),
        lon: xToLon(x),
      });
    }
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
    const place = this.places[i]!;
    return { kind: 'sight', key: `s:${place.id}`, index: i, place, category: markerCategory(place), lat: place.latitude, lon: place.longitude };
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
    // 1. Grid: each sight into its cell; sums of positions per cell.
    const cellOf = new Int32Array(n);
    const index = new Map<number, number>();
    const keys: number[] = [];
    const sx: number[] = [];
    const sy: number[] = [];
    const cnt: number[] = [];
    for (let i = 0; i < n; i++) {
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      const k = Math.floor(x * scale) * KEY_STRIDE + Math.floor(y * scale);
      let c = index.get(k);
      if (c === undefined) {
        c = keys.length;
        index.set(k, c);
        keys.push(k);
        sx.push(0);
        sy.push(0);
        cnt.push(0);
      }
      cellOf[i] = c;
      sx[c]! += x;
      sy[c]! += y;
      cnt[c]!++;
    }
    // 2. Merge: the fullest cells first absorb neighbouring cells whose centres are within CLUSTER_MERGE_PX.
    const cells = keys.length;
    const owner = new Int32Array(cells).fill(-1);
    const order = Array.from({ length: cells }, (_, c) => c).sort((a, b) => cnt[b]! - cnt[a]! || a - b);
    const near = (CLUSTER_MERGE_PX / world) ** 2;
    for (const c of order) {
      if (owner[c] !== -1) continue;
      owner[c] = c;
      const gx = Math.floor(keys[c]! / KEY_STRIDE);
      const gy = keys[c]! - gx * KEY_STRIDE;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          if (!dx && !dy) continue;
          const d = index.get((gx + dx) * KEY_STRIDE + gy + dy);
          if (d === undefined || owner[d] !== -1) continue;
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
    const level: Level = {
      x: new Float64Array(size),
      y: new Float64Array(size),
      count: new Int32Array(size),
      key: new Float64Array(size),
      first: new Int32Array(size).fill(-1),
      of: new Int32Array(n),
      size,
    };
    for (let c = 0; c < cells; c++) {
      const s = slot[c]!;
      if (s < 0) continue;
      level.x[s] = sx[c]! / cnt[c]!;
      level.y[s] = sy[c]! / cnt[c]!;
      level.count[s] = cnt[c]!;
      level.key[s] = keys[c]!;
    }
    for (let i = 0; i < n; i++) {
      const s = slot[owner[cellOf[i]!]!]!;
      level.of[i] = s;
      if (level.first[s] === -1) level.first[s] = i;
    }
    return level;
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
