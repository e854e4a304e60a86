import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { NearbyQuery } from '@wayfarer/contracts';
import { ZodError } from 'zod';
import { parseCategoryFilter } from '../services/categories';
import { nearbyOptions, type NearbyOptions } from '../services/sights';

/** What GET /sights/nearby did before reading the usual query directly: NearbyQuery for every request. */
function viaZod(query: unknown): NearbyOptions {
  const q = NearbyQuery.parse(query);
  return {
    lat: q.lat,
    lon: q.lon,
    km: q.km,
    categories: parseCategoryFilter(q.categories, q.type),
    limit: q.limit,
  };
}

type Outcome = { ok: true; value: NearbyOptions } | { ok: false; issues: unknown };
const outcome = (f: () => NearbyOptions): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch (err) {
    expect(err).toBeInstanceOf(ZodError);
    return { ok: false, issues: (err as ZodError).issues };
  }
};

// Query-string values as Fastify hands them over: strings, or arrays of strings for a repeated key.
const decimal = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 0, max: 999 }),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
const nearlyNumeric = fc.constantFrom(
  '',
  ' 48.1',
  '48.',
  '.5',
  '+2',
  '1e1',
  '0x10',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '00012',
  '1_000',
  '١٢',
  '20.000000000000001',
  '500',
  '501',
  '1.5',
);
const value = fc.oneof(
  { weight: 6, arbitrary: decimal },
  { weight: 3, arbitrary: nearlyNumeric },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(decimal, { minLength: 2, maxLength: 2 }) },
);
const key = fc.constantFrom('lat', 'lon', 'km', 'limit', 'categories', 'type', 'zoom');
const query = fc.dictionary(key, value, { maxKeys: 6 });

describe('nearbyOptions (GET /sights/nearby query)', () => {
  it('gives what NearbyQuery gives for every query, values and errors alike (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(outcome(() => nearbyOptions(q))).toEqual(outcome(() => viaZod(q)));
      }),
      { seed: 1414, numRuns: 3000 },
    );
    // And densely where the direct reading applies: lat, lon, maybe km and limit, plain decimals.
    const usual = fc.record(
      { lat: decimal, lon: decimal, km: decimal, limit: decimal },
      { requiredKeys: ['lat', 'lon'] },
    );
    fc.assert(
      fc.property(usual, (q) => {
        expect(outcome(() => nearbyOptions(q))).toEqual(outcome(() => viaZod(q)));
      }),
      { seed: 1414, numRuns: 3000 },
    );
  });

  it('reads the usual query of the explore page without zod, clamping km and defaulting as NearbyQuery does', () => {
    expect(nearbyOptions({ lat: '48.8584', lon: '2.2945', km: '5' })).toEqual({
      lat: 48.8584,
      lon: 2.2945,
      km: 5,
      categories: [],
      limit: 500,
    });
    expect(nearbyOptions({ lat: '-33.8568', lon: '151.2153' })).toEqual({
      lat: -33.8568,
      lon: 151.2153,
      km: 5,
      categories: [],
      limit: 500,
    });
    expect(nearbyOptions({ lat: '0', lon: '-180', km: '500', limit: '7' })).toEqual({
      lat: 0,
      lon: -180,
      km: 20,
      categories: [],
      limit: 7,
    });
    expect(nearbyOptions({ lat: '90', lon: '180', km: '0.2' })).toEqual({
      lat: 90,
      lon: 180,
      km: 1,
      categories: [],
      limit: 500,
    });
    // Categories (and aliases) still go through the schema.
    expect(
      nearbyOptions({ lat: '1', lon: '2', categories: 'museum,nature', type: 'history' }).categories,
    ).toEqual(['museum', 'scenery', 'historic']);
  });

  it('refuses what NearbyQuery refuses, with its messages', () => {
    for (const q of [
      { lat: '91', lon: '2' },
      { lat: 'abc', lon: '2' },
      { lat: '1' },
      { lat: '1', lon: '2', limit: '0' },
      { lat: '1', lon: '2', limit: '2.5' },
      { lat: ['1', '2'], lon: '2' },
    ]) {
      expect(() => nearbyOptions(q)).toThrow(ZodError);
      expect(outcome(() => nearbyOptions(q))).toEqual(outcome(() => viaZod(q)));
    }
  });
});
