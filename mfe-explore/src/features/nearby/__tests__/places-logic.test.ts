import {
  addItems,
  clampKm,
  clearPlaces,
  dedupe,
  initialPlacesState,
  mergeItems,
  normalizeCategory,
  normalizeName,
  normalizeQuery,
  toPlace,
  updateItems,
  visiblePlaces,
  type Place,
} from '../utils/places-logic';

const p = (id: string, name: string, lat = 48.8584, lon = 2.2945, extra: Partial<Place> = {}): Place =>
  toPlace({ id, name, latitude: lat, longitude: lon, category_slugs: ['landmark'], ...extra }) as Place;

describe('dedupe', () => {
  it('drops a second item with the same id', () => {
    expect(dedupe([p('a', 'Eiffel'), p('a', 'Other', 10, 10)]).map((x) => x.name)).toEqual(['Eiffel']);
  });
  it('drops the same normalized name within 120 m but keeps it farther away', () => {
    // ~0.001 deg latitude is ~111 m; 0.0012 is ~133 m.
    const near = dedupe([p('a', 'Tour Eiffel'), p('b', '  tour  ÉIFFEL! ', 48.8584 + 0.001)]);
    expect(near.map((x) => x.id)).toEqual(['a']);
    const far = dedupe([p('a', 'Tour Eiffel'), p('b', 'tour eiffel', 48.8584 + 0.0012)]);
    expect(far.map((x) => x.id)).toEqual(['a', 'b']);
  });
  it('keeps different names at the same spot', () => {
    expect(dedupe([p('a', 'Louvre'), p('b', 'Louvre Pyramid')])).toHaveLength(2);
  });
  it('normalizes case, accents, punctuation and spacing', () => {
    expect(normalizeName("  Musée   d'Orsay ")).toBe('musee d orsay');
  });
});

describe('list operations', () => {
  it('add replaces the list', () => {
    const s = addItems(addItems(initialPlacesState(), [p('a', 'A')]), [p('b', 'B', 1, 1)]);
    expect(s.items.map((i) => i.id)).toEqual(['b']);
  });
  it('update appends only new ids', () => {
    const s0 = addItems(initialPlacesState(), [p('a', 'A')]);
    const s = updateItems(s0, [p('a', 'Changed'), p('b', 'B', 1, 1)]);
    expect(s.items.map((i) => [i.id, i.name])).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
  });
  it('update also drops a new id that is the same place by name within 120 m', () => {
    const s = updateItems(addItems(initialPlacesState(), [p('a', 'Louvre')]), [
      p('osm-1', 'louvre', 48.8585),
    ]);
    expect(s.items.map((i) => i.id)).toEqual(['a']);
  });
  it('merge overlays fields on the same id and appends unknown ones', () => {
    const s0 = addItems(initialPlacesState(), [p('a', 'A')]);
    const s = mergeItems(s0, [{ id: 'a', city: 'Paris' }, p('b', 'B', 1, 1)]);
    expect(s.items[0]).toMatchObject({ id: 'a', name: 'A', city: 'Paris' });
    expect(s.items.map((i) => i.id)).toEqual(['a', 'b']);
  });
  it('clear resets everything', () => {
    const s = clearPlaces();
    expect(s).toEqual(initialPlacesState());
    expect(s.meta).toEqual({ geo: null, km: 20, selectedType: 'all', query: '', maxFetchedKm: 0 });
  });
});

describe('radius, query and category', () => {
  it('clamps the radius to 1-20 km', () => {
    expect(clampKm(0)).toBe(1);
    expect(clampKm(-3)).toBe(1);
    expect(clampKm(25)).toBe(20);
    expect(clampKm('7.5')).toBe(7.5);
    expect(clampKm('abc')).toBe(5);
    expect(clampKm(undefined)).toBe(5);
  });
  it('trims and collapses whitespace in queries', () => {
    expect(normalizeQuery('  New \t  York\n ')).toBe('New York');
    expect(normalizeQuery('   ')).toBe('');
  });
  it('maps category aliases', () => {
    expect(normalizeCategory('nature')).toBe('scenery');
    expect(normalizeCategory('Natural')).toBe('scenery');
    expect(normalizeCategory('history')).toBe('historic');
    expect(normalizeCategory('historical')).toBe('historic');
    expect(normalizeCategory('museum')).toBe('museum');
    expect(normalizeCategory('bogus')).toBe('all');
  });
  it('converts distance_km to metres', () => {
    expect(toPlace({ id: 'x', name: 'X', latitude: 1, longitude: 1, distance_km: 1.5 })?.distance_m).toBe(
      1500,
    );
  });
  it('filters by radius and category on the client, nearest first', () => {
    const items = [
      p('far', 'Far', 48.8584 + 0.05), // ~5.5 km
      p('m', 'Museum', 48.8584 + 0.01, 2.2945, { category_slugs: ['museum'] }),
      p('near', 'Near', 48.8584 + 0.001),
    ];
    const meta = {
      geo: { lat: 48.8584, lon: 2.2945 },
      km: 5,
      selectedType: 'all' as const,
      query: '',
      maxFetchedKm: 20,
    };
    expect(visiblePlaces(items, meta).map((i) => i.id)).toEqual(['near', 'm']);
    expect(visiblePlaces(items, { ...meta, selectedType: 'museum' }).map((i) => i.id)).toEqual(['m']);
  });
});
