import Supercluster, { type PointFeature } from 'supercluster';
import { toPlace, type Place } from '../mfe-explore/src/features/nearby/utils/places-logic';
import {
  CLUSTER_MAX_ZOOM,
  markerCategory,
  SightClusterIndex,
  type Box,
  type ViewItem,
} from '../mfe-explore/src/features/map/cluster-index';
import { latToY, lonToX, xToLon, yToLat } from '@wayfarer/geo';

/**
 * The explore map's cluster index against supercluster, in Node, like for like:
 *  - the same 10,000 sights (the explore bench's golden-angle spiral of 4.5 km around the Eiffel Tower), as the
 *    map gets them (`toPlace`), handed to each as it takes them (supercluster: GeoJSON points, built here);
 *  - the same zoom levels (3 to CLUSTER_MAX_ZOOM + 2, beyond which every sight stands alone) and the same
 *    viewport queries (a 1280 x 800 map around the sights plus the map's VIEW_PAD margin, then panned);
 *  - the same output: the map's view items (clusters with their label, single sights with their category), so
 *    supercluster's features are turned into those, as a replacement would have to;
 *  - supercluster with its radius in screen pixels for Leaflet's 256-pixel tiles (`extent: 256`), maxZoom
 *    CLUSTER_MAX_ZOOM, and the radius (30-80 px) whose views hold about as many markers as the hand-written
 *    index's at zooms 10-16, so neither builds more markers than the other (both counts are printed).
 * Three scenarios: the first view (build, cluster, items at zoom 12: what the page does when an answer arrives),
 * every zoom level (build, then the view at each zoom 3-18), and pans (the view at each zoom moved 9 ways, index
 * built). Each: warm-up, then alternately hand-written and supercluster, median of RUNS runs.
 */

const PARIS = { lat: 48.8584, lon: 2.2945 };
const N = 10_000;
const RUNS = 15;
const WARMUP = 5;
const MAP_PX = { w: 1280, h: 800 };
const FIRST_ZOOM = 12;
/** sight-cluster-view's VIEW_PAD (that module loads Leaflet, which needs a DOM). */
const VIEW_PAD = 0.25;
/** The hand-written index stays only while it takes at most this many times supercluster's time. */
const TARGET_RATIO = 1.0;

/** The explore bench's synthetic answer: n sights within 4.5 km of the point (golden-angle spiral). */
export function spiralSights(n: number): Array<Record<string, unknown>> {
  const cats = ['landmark', 'museum', 'scenery', 'historic'];
  const items = [];
  for (let i = 0; i < n; i++) {
    const r = 4.5 * Math.sqrt((i + 0.5) / n);
    const a = i * 2.399963;
    items.push({
      id: `bench-${i}`,
      slug: `bench-${i}`,
      name: `Bench sight ${i}`,
      description: '',
      cover_image_url: null,
      img_preview: null,
      city: 'Paris',
      country: 'France',
      country_code: 'FR',
      latitude: PARIS.lat + (r / 111.32) * Math.cos(a),
      longitude: PARIS.lon + (r / (111.32 * Math.cos((PARIS.lat * Math.PI) / 180))) * Math.sin(a),
      rating_avg: 0,
      ratings_count: 0,
      category_slugs: [cats[i % 4]],
      category_hint: cats[i % 4],
      popularity: null,
      distance_km: r,
      distance_m: r * 1000,
    });
  }
  return items;
}

/** The box the map asks the index for at a zoom: the map's pixels around the centre (moved by dx, dy) plus VIEW_PAD. */
function viewBox(zoom: number, dx = 0, dy = 0): Box {
  const world = 256 * 2 ** zoom;
  const cx = lonToX(PARIS.lon) + dx / world;
  const cy = latToY(PARIS.lat) + dy / world;
  const hw = (MAP_PX.w * (0.5 + VIEW_PAD)) / world;
  const hh = (MAP_PX.h * (0.5 + VIEW_PAD)) / world;
  return { west: xToLon(cx - hw), east: xToLon(cx + hw), north: yToLat(cy - hh), south: yToLat(cy + hh) };
}

interface Clusterer {
  itemsInView(box: Box, zoom: number): ViewItem[];
}

/**
 * Supercluster behind the map's interface: GeoJSON in, view items out, each view item made once and reused (as
 * the hand-written index does), so a view costs supercluster's own query plus a lookup per feature.
 */
function superclusterIndex(places: readonly Place[], radius: number): Clusterer {
  const points: Array<PointFeature<{ i: number }>> = places.map((p, i) => ({
    type: 'Feature',
    properties: { i },
    geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
  }));
  const sc = new Supercluster<{ i: number }>({
    radius,
    extent: 256,
    minZoom: 0,
    maxZoom: CLUSTER_MAX_ZOOM,
  }).load(points);
  const clusterItems = new Map<number, ViewItem>();
  const sightItems: Array<ViewItem | undefined> = [];
  return {
    itemsInView(box, zoom) {
      const z = Math.floor(zoom);
      const out: ViewItem[] = [];
      for (const f of sc.getClusters([box.west, box.south, box.east, box.north], z)) {
        const pr = f.properties;
        if ('cluster' in pr && pr.cluster) {
          let item = clusterItems.get(pr.cluster_id);
          if (!item) {
            const [lon, lat] = f.geometry.coordinates as [number, number];
            item = {
              kind: 'cluster',
              key: `c:${z}:${pr.cluster_id}:${pr.point_count}`,
              cluster: pr.cluster_id,
              zoom: z,
              count: pr.point_count,
              lat,
              lon,
            };
            clusterItems.set(pr.cluster_id, item);
          }
          out.push(item);
        } else {
          const i = (pr as { i: number }).i;
          let item = sightItems[i];
          if (!item) {
            const place = places[i]!;
            item = {
              kind: 'sight',
              key: `s:${place.id}`,
              index: i,
              place,
              category: markerCategory(place),
              lat: place.latitude,
              lon: place.longitude,
            };
            sightItems[i] = item;
          }
          out.push(item);
        }
      }
      return out;
    },
  };
}

const MARKER_ZOOMS = [10, 11, 12, 13, 14, 15, 16];
const ZOOMS = Array.from({ length: CLUSTER_MAX_ZOOM + 2 - 3 + 1 }, (_, i) => i + 3);
const PANS: Array<[number, number]> = [
  [0, 0],
  [300, 0],
  [-300, 0],
  [0, 200],
  [0, -200],
  [600, 400],
  [-600, -400],
  [900, 0],
  [0, 600],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;

export interface ClusteringResult {
  scenarios: Array<{ name: string; hand: number; supercluster: number; ratio: number }>;
  met: boolean;
}

export function benchClustering(): ClusteringResult {
  console.log(
    `\n  clustering ${N.toLocaleString('en')} sights: the explore map's index vs supercluster (Node, same points, zooms, views and output; median of ${RUNS} runs)`,
  );
  const places = spiralSights(N).map((r) => toPlace(r)!);
  const hand = () => new SightClusterIndex(places);
  const markers = (c: Clusterer) => MARKER_ZOOMS.map((z) => c.itemsInView(viewBox(z), z).length);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const handMarkers = markers(hand());
  let radius = 0;
  let scMarkers: number[] = [];
  for (let r = 30; r <= 80; r += 5) {
    const m = markers(superclusterIndex(places, r));
    if (!radius || Math.abs(sum(m) - sum(handMarkers)) < Math.abs(sum(scMarkers) - sum(handMarkers)))
      [radius, scMarkers] = [r, m];
  }
  const sc = () => superclusterIndex(places, radius);
  console.log(
    `    markers in view at zoom ${MARKER_ZOOMS.join('/')}: hand-written ${handMarkers.join('/')} (${sum(handMarkers)}), ` +
      `supercluster with radius ${radius} px ${scMarkers.join('/')} (${sum(scMarkers)})`,
  );
  const builtHand = hand();
  const builtSc = sc();
  const scenarios: Array<[string, (make: () => Clusterer, built: Clusterer) => number]> = [
    [
      `first view (build, zoom ${FIRST_ZOOM})`,
      (make) => make().itemsInView(viewBox(FIRST_ZOOM), FIRST_ZOOM).length,
    ],
    [
      `every zoom ${ZOOMS[0]}-${ZOOMS.at(-1)} (build, 1 view each)`,
      (make) => {
        const c = make();
        let n = 0;
        for (const z of ZOOMS) n += c.itemsInView(viewBox(z), z).length;
        return n;
      },
    ],
    [
      `pans (built, ${ZOOMS.length} zooms x ${PANS.length} views)`,
      (_make, built) => {
        let n = 0;
        for (const z of ZOOMS)
          for (const [dx, dy] of PANS) n += built.itemsInView(viewBox(z, dx, dy), z).length;
        return n;
      },
    ],
  ];
  const rows: ClusteringResult['scenarios'] = [];
  for (const [name, work] of scenarios) {
    for (let i = 0; i < WARMUP; i++) {
      work(hand, builtHand);
      work(sc, builtSc);
    }
    const th: number[] = [];
    const ts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      work(hand, builtHand);
      th.push(performance.now() - t);
      t = performance.now();
      work(sc, builtSc);
      ts.push(performance.now() - t);
    }
    const row = { name, hand: median(th), supercluster: median(ts), ratio: median(th) / median(ts) };
    rows.push(row);
    console.log(
      `    ${name.padEnd(42)} hand-written ${ms(row.hand)}   supercluster ${ms(row.supercluster)}   ratio ${row.ratio.toFixed(2)}x`,
    );
  }
  const met = rows.every((r) => r.ratio <= TARGET_RATIO);
  console.log(
    `    target clustering <= ${TARGET_RATIO.toFixed(1)}x supercluster (every scenario): ${rows.map((r) => `${r.ratio.toFixed(2)}x`).join(', ')} -> ${met ? 'met' : 'NOT met'}`,
  );
  return { scenarios: rows, met };
}
