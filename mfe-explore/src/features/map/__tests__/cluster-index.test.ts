import { jest } from '@jest/globals';
import { formatters } from '@wayfarer/i18n';
import { toPlace, type Place } from '../../nearby';
import {
  CLUSTER_MAX_ZOOM,
  countLabel,
  fanOutSameSpot,
  SightClusterIndex,
  type ViewItem,
} from '../cluster-index';

const PARIS = { lat: 48.8584, lon: 2.2945 };
const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const place = (id: string, lat: number, lon: number, cat = 'landmark'): Place =>
  toPlace({ id, name: `Sight ${id}`, latitude: lat, longitude: lon, category_slugs: [cat] }) as Place;

/** n sights on a golden-angle spiral within km of the point, like the bench's. */
function spiral(n: number, km = 4.5): Place[] {
  const cats = ['landmark', 'museum', 'scenery', 'historic'];
  return Array.from({ length: n }, (_, i) => {
    const r = km * Math.sqrt((i + 0.5) / n);
    const a = i * 2.399963;
    return place(
      `s${i}`,
      PARIS.lat + (r / 111.32) * Math.cos(a),
      PARIS.lon + (r / (111.32 * Math.cos((PARIS.lat * Math.PI) / 180))) * Math.sin(a),
      cats[i % 4],
    );
  });
}

const total = (items: ViewItem[]) => items.reduce((s, it) => s + (it.kind === 'cluster' ? it.count : 1), 0);

describe('SightClusterIndex', () => {
  it('represents every sight exactly once at every zoom level', () => {
    const places = spiral(2000);
    const index = new SightClusterIndex(places);
    for (let z = 3; z <= CLUSTER_MAX_ZOOM + 2; z++) {
      const items = index.itemsInView(WORLD, z);
      expect(total(items)).toBe(places.length);
      const sightIds = items.flatMap((it) => (it.kind === 'sight' ? [it.place.id] : []));
      expect(new Set(sightIds).size).toBe(sightIds.length);
      for (const it of items)
        if (it.kind === 'cluster') expect(index.leaves(it.zoom, it.cluster)).toHaveLength(it.count);
    }
  });

  it('splits clusters as the map zooms in, and shows every sight alone past street level', () => {
    const index = new SightClusterIndex(spiral(10_000));
    const counts = [10, 12, 14, 16].map((z) => index.itemsInView(WORLD, z).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]!);
    expect(index.itemsInView(WORLD, 3)).toHaveLength(1);
    const street = index.itemsInView(WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(street).toHaveLength(10_000);
    expect(street.every((it) => it.kind === 'sight')).toBe(true);
  });

  it('merges sights a few pixels apart and keeps distant ones apart', () => {
    // ~11 m apart: one cluster at zoom 12 (a few pixels), two sights at zoom 17.
    const close = new SightClusterIndex([place('a', 48.85, 2.29), place('b', 48.8501, 2.29)]);
    const z12 = close.itemsInView(WORLD, 12);
    expect(z12).toHaveLength(1);
    expect(z12[0]).toMatchObject({ kind: 'cluster', count: 2 });
    expect(close.itemsInView(WORLD, 17).map((it) => it.kind)).toEqual(['sight', 'sight']);
    // ~10 km apart: two sights even at zoom 10.
    const far = new SightClusterIndex([place('a', 48.85, 2.29), place('b', 48.94, 2.29)]);
    expect(far.itemsInView(WORLD, 10).map((it) => it.kind)).toEqual(['sight', 'sight']);
  });

  it('puts the cluster at the centre of its sights and a single sight at its own position', () => {
    const index = new SightClusterIndex([
      place('a', 48.85, 2.29),
      place('b', 48.8502, 2.2904),
      place('c', 10, 10, 'museum'),
    ]);
    const items = index.itemsInView(WORLD, 12);
    const cluster = items.find((it) => it.kind === 'cluster')!;
    expect(cluster.lat).toBeCloseTo(48.8501, 4);
    expect(cluster.lon).toBeCloseTo(2.2902, 4);
    expect(items.find((it) => it.kind === 'sight')).toMatchObject({
      key: 's:c',
      lat: 10,
      lon: 10,
      category: 'museum',
    });
  });

  it('returns only what lies inside the box', () => {
    const index = new SightClusterIndex([
      place('paris', 48.85, 2.29),
      place('london', 51.5, -0.12),
      place('rome', 41.9, 12.5),
    ]);
    const items = index.itemsInView({ west: -1, south: 48, east: 3, north: 52 }, 8);
    expect(items.map((it) => it.key).sort()).toEqual(['s:london', 's:paris']);
  });

  it('names the cluster that holds a sight, and none when the sight is shown alone', () => {
    const places = spiral(500, 1);
    const index = new SightClusterIndex(places);
    const items = index.itemsInView(WORLD, 13);
    const cluster = items.find((it) => it.kind === 'cluster')!;
    if (cluster.kind !== 'cluster') throw new Error('expected a cluster');
    const member = index.leaves(13, cluster.cluster)[0]!;
    expect(index.clusterKeyOf(member, 13)).toBe(cluster.key);
    expect(index.clusterKeyOf(member, CLUSTER_MAX_ZOOM + 1)).toBeNull();
  });
});

describe('fanOutSameSpot', () => {
  const identity = {
    project: (lat: number, lon: number) => ({ x: lon, y: lat }),
    unproject: (x: number, y: number) => ({ lat: y, lon: x }),
  };

  it('spreads sights on the same spot on a circle and leaves the others where they are', () => {
    const items = new SightClusterIndex([
      place('a', 0, 0),
      place('b', 0, 0),
      place('c', 0, 0),
      place('d', 5, 5),
    ]).itemsInView(WORLD, 17);
    const out = fanOutSameSpot(items, identity.project, identity.unproject);
    const at = new Map(out.map((it) => [it.key, [it.lat, it.lon]]));
    expect(at.get('s:d')).toEqual([5, 5]);
    const spots = ['s:a', 's:b', 's:c'].map((k) => at.get(k)!.join(','));
    expect(new Set(spots).size).toBe(3);
    for (const k of ['s:a', 's:b', 's:c']) {
      const [lat, lon] = at.get(k)!;
      expect(Math.hypot(lat!, lon!)).toBeCloseTo(18, 5);
    }
  });
});

describe('countLabel', () => {
  const counts = [2, 999, 1000, 1234, 1250, 9999, 10_000, 12_400, 123_456];
  const labels = (lang: string) => counts.map((n) => countLabel(n, formatters(lang)));
  // Intl's compact notation as Node 20's ICU (and Chromium's) gives it; U+00A0 is a no-break space.
  it('abbreviates thousands in English: 1.2K', () => {
    expect(labels('en')).toEqual(['2', '999', '1K', '1.2K', '1.3K', '10K', '10K', '12K', '123K']);
  });

  it("abbreviates thousands in the traveller's language", () => {
    expect(labels('fr')).toEqual([
      '2',
      '999',
      '1\u00a0k',
      '1,2\u00a0k',
      '1,3\u00a0k',
      '10\u00a0k',
      '10\u00a0k',
      '12\u00a0k',
      '123\u00a0k',
    ]);
    expect(labels('es')).toEqual([
      '2',
      '999',
      '1\u00a0mil',
      '1,2\u00a0mil',
      '1,3\u00a0mil',
      '10\u00a0mil',
      '10\u00a0mil',
      '12\u00a0mil',
      '123\u00a0mil',
    ]);
    expect(labels('it')).toEqual(['2', '999', '1K', '1,2K', '1,3K', '10K', '10K', '12K', '123K']);
    // German's short compact form starts at a million: thousands are written out, grouped from 10,000.
    expect(labels('de')).toEqual(['2', '999', '1000', '1234', '1250', '9999', '10.000', '12.400', '123.456']);
  });

  it('gives Arabic its own compact notation', () => {
    expect(countLabel(1234, formatters('ar'))).toBe('1.2\u00a0ألف');
    expect(countLabel(12_400, formatters('ar'))).toBe('12\u00a0ألف');
    expect(countLabel(999, formatters('ar'))).toBe('999');
  });

  it('makes one compact formatter per locale, not one per bubble', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      const italian = formatters('it');
      for (let n = 2; n < 5000; n += 7) countLabel(n, italian);
      countLabel(4321, formatters('it'));
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});
