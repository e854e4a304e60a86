import { toPlace, type Place } from '../../nearby';
import {
  CLUSTER_CELL_PX,
  CLUSTER_MAX_ZOOM,
  CLUSTER_MERGE_PX,
  markerCategory,
  SightClusterIndex,
  type Box,
  type ViewItem,
} from '../cluster-index';

/**
 * The clustering written the plain way (a Map of grid cells, a sort, a full scan per view), as the index was
 * before it was made fast: the index must give exactly its answers (items, order, keys, positions).
 */
class PlainIndex {
  private readonly levels = new Map<
    number,
    { x: number[]; y: number[]; count: number[]; key: number[]; first: number[]; of: number[] }
  >();
  constructor(readonly places: readonly Place[]) {}

  private static x = (lon: number) => lon / 360 + 0.5;
  private static y(lat: number) {
    const s = Math.sin((Math.max(-85.0511287798, Math.min(85.0511287798, lat)) * Math.PI) / 180);
    return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
  }

  itemsInView(box: Box, zoom: number): ViewItem[] {
    const z = Math.floor(zoom);
    const all = box.east - box.west >= 360;
    const [x0, x1] = all ? [0, 1] : [PlainIndex.x(box.west), PlainIndex.x(box.east)];
    const [y0, y1] = [PlainIndex.y(box.north), PlainIndex.y(box.south)];
    const inside = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
    if (z > CLUSTER_MAX_ZOOM)
      return this.places.flatMap((p, i) =>
        inside(PlainIndex.x(p.longitude), PlainIndex.y(p.latitude)) ? [this.sight(i)] : [],
      );
    const l = this.level(z);
    const out: ViewItem[] = [];
    for (let c = 0; c < l.x.length; c++) {
      if (!inside(l.x[c]!, l.y[c]!)) continue;
      const count = l.count[c]!;
      if (count === 1) out.push(this.sight(l.first[c]!));
      else {
        const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * l.y[c]!))) * 180) / Math.PI;
        out.push({
          kind: 'cluster',
          key: `c:${z}:${l.key[c]}:${count}`,
          cluster: c,
          zoom: z,
          count,
          lat,
          lon: (l.x[c]! - 0.5) * 360,
        });
      }
    }
    return out;
  }

  clusterKeyOf(index: number, zoom: number): string | null {
    const z = Math.floor(zoom);
    if (z > CLUSTER_MAX_ZOOM || index < 0 || index >= this.places.length) return null;
    const l = this.level(z);
    const c = l.of[index]!;
    return l.count[c]! > 1 ? `c:${z}:${l.key[c]}:${l.count[c]}` : null;
  }

  leaves(zoom: number, cluster: number): number[] {
    return this.level(Math.floor(zoom)).of.flatMap((c, i) => (c === cluster ? [i] : []));
  }

  private sight(i: number): ViewItem {
    const place = this.places[i]!;
    return {
      kind: 'sight',
      key: `s:${place.id}`,
      index: i,
      place,
      category: markerCategory(place),
      lat: place.latitude,
      lon: place.longitude,
    };
  }

  private level(z: number) {
    const known = this.levels.get(z);
    if (known) return known;
    const world = 256 * 2 ** z;
    const scale = world / CLUSTER_CELL_PX;
    const index = new Map<number, number>();
    const keys: number[] = [];
    const sx: number[] = [];
    const sy: number[] = [];
    const cnt: number[] = [];
    const cellOf = this.places.map((p) => {
      const x = PlainIndex.x(p.longitude);
      const y = PlainIndex.y(p.latitude);
      const k = Math.floor(x * scale) * 2 ** 21 + Math.floor(y * scale);
      let c = index.get(k);
      if (c === undefined) {
        c = keys.push(k) - 1;
        index.set(k, c);
        sx.push(0);
        sy.push(0);
        cnt.push(0);
      }
      sx[c]! += x;
      sy[c]! += y;
      cnt[c]!++;
      return c;
    });
    const owner = keys.map(() => -1);
    const order = keys.map((_, c) => c).sort((a, b) => cnt[b]! - cnt[a]! || a - b);
    for (const c of order) {
      if (owner[c] !== -1) continue;
      owner[c] = c;
      const gx = Math.floor(keys[c]! / 2 ** 21);
      const gy = keys[c]! - gx * 2 ** 21;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const d = dx || dy ? index.get((gx + dx) * 2 ** 21 + gy + dy) : undefined;
          if (d === undefined || owner[d] !== -1) continue;
          const ex = sx[c]! / cnt[c]! - sx[d]! / cnt[d]!;
          const ey = sy[c]! / cnt[c]! - sy[d]! / cnt[d]!;
          if (ex * ex + ey * ey > (CLUSTER_MERGE_PX / world) ** 2) continue;
          owner[d] = c;
          sx[c]! += sx[d]!;
          sy[c]! += sy[d]!;
          cnt[c]! += cnt[d]!;
        }
      }
    }
    const kept = keys.flatMap((_, c) => (owner[c] === c ? [c] : []));
    const slot = new Map(kept.map((c, s) => [c, s]));
    const of = cellOf.map((c) => slot.get(owner[c]!)!);
    const level = {
      x: kept.map((c) => sx[c]! / cnt[c]!),
      y: kept.map((c) => sy[c]! / cnt[c]!),
      count: kept.map((c) => cnt[c]!),
      key: kept.map((c) => keys[c]!),
      first: kept.map((_, s) => of.indexOf(s)),
      of,
    };
    this.levels.set(z, level);
    return level;
  }
}

/** A small deterministic generator, so a failure names the data it failed on. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cats = ['landmark', 'museum', 'scenery', 'historic'];
function placesOf(seed: number): Place[] {
  const r = rng(seed);
  const n = Math.floor(r() * 800);
  const lat = r() * 150 - 75;
  const lon = r() * 340 - 170;
  const spread = [0.002, 0.05, 1, 30, 300][seed % 5]!;
  const out = Array.from(
    { length: n },
    (_, i) =>
      toPlace({
        id: `p${seed}-${i}`,
        name: `P ${i}`,
        latitude: Math.max(-89, Math.min(89, lat + (r() - 0.5) * spread)),
        longitude: lon + (r() - 0.5) * spread,
        category_slugs: [cats[i % 4]],
      }) as Place,
  );
  // Some sets have sights stacked on one spot.
  if (seed % 3 === 0)
    for (let i = 0; i < 12; i++)
      out.push(toPlace({ id: `dup${seed}-${i}`, name: 'Same spot', latitude: lat, longitude: lon }) as Place);
  return out;
}

describe('SightClusterIndex against the plain clustering', () => {
  it('gives the same view items, in the same order, at every zoom and for every kind of view', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const places = placesOf(seed);
      const fast = new SightClusterIndex(places);
      const plain = new PlainIndex(places);
      const r = rng(seed * 7919);
      for (let z = 0; z <= CLUSTER_MAX_ZOOM + 2; z++) {
        const boxes: Box[] = [{ west: -180, south: -85, east: 180, north: 85 }];
        for (let k = 0; k < 4; k++) {
          const p = places[Math.floor(r() * places.length)];
          const d = [0.002, 0.05, 1, 40][k]!;
          if (p)
            boxes.push({
              west: p.longitude - d,
              east: p.longitude + d * 1.5,
              south: p.latitude - d,
              north: p.latitude + d,
            });
        }
        // Across the antimeridian (west > east: nothing, as before) and wider than the world.
        boxes.push(
          { west: 170, east: -170, south: -10, north: 10 },
          { west: -300, east: 300, south: -80, north: 80 },
        );
        for (const box of boxes) {
          const want = plain.itemsInView(box, z + 0.4);
          expect({ seed, z, box, items: fast.itemsInView(box, z + 0.4) }).toEqual({
            seed,
            z,
            box,
            items: want,
          });
        }
        for (let k = 0; k < 5 && places.length; k++) {
          const i = Math.floor(r() * places.length);
          expect([seed, z, i, fast.clusterKeyOf(i, z)]).toEqual([seed, z, i, plain.clusterKeyOf(i, z)]);
        }
        if (z <= CLUSTER_MAX_ZOOM) {
          for (const it of plain.itemsInView(boxes[0]!, z).slice(0, 5)) {
            if (it.kind === 'cluster')
              expect(fast.leaves(z, it.cluster)).toEqual(plain.leaves(z, it.cluster));
          }
        }
      }
    }
  });

  it('answers a repeated view with the same items (made once, reused)', () => {
    const index = new SightClusterIndex(placesOf(5));
    const box = { west: -180, south: -85, east: 180, north: 85 };
    const a = index.itemsInView(box, 9);
    const b = index.itemsInView(box, 9);
    expect(b).toEqual(a);
    expect(b.every((it, i) => it === a[i])).toBe(true);
  });
});
