import { jest } from '@jest/globals';
import {
  geocode,
  getCityNames,
  getFeaturedSights,
  getNearbySights,
  reverseGeocode,
  searchSights,
} from '../product';

const realFetch = globalThis.fetch;
let urls: string[] = [];
beforeEach(() => {
  urls = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    return new Response('{}', { status: 200 });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('typed product calls build well-formed query strings', () => {
  it('nearby, featured, geocode and reverse geocode put their parameters after a "?"', async () => {
    await getNearbySights({ lat: 48.85, lon: 2.29, km: 5 });
    await getFeaturedSights(4);
    await geocode('Paris  ', 1);
    await reverseGeocode(48.85, 2.29);
    const parsed = urls.map((u) => new URL(u));
    expect(parsed.map((u) => u.pathname)).toEqual([
      '/sights/nearby',
      '/sights/featured',
      '/geocode',
      '/geocode/reverse',
    ]);
    expect(Object.fromEntries(parsed[0]!.searchParams)).toEqual({ lat: '48.85', lon: '2.29', km: '5' });
    expect(parsed[1]!.searchParams.get('limit')).toBe('4');
    expect(parsed[2]!.searchParams.get('q')).toBe('Paris  ');
    expect(parsed[3]!.searchParams.get('addressdetails')).toBe('1');
  });

  it('search sends q, the point only when there is one, and the limit', async () => {
    await searchSights({ q: 'sagrada família', near: { lat: 41.4, lon: 2.17 }, limit: 8 });
    await searchSights({ q: 'eiffel' });
    const [a, b] = urls.map((u) => new URL(u));
    expect(a!.pathname).toBe('/search');
    expect(Object.fromEntries(a!.searchParams)).toEqual({
      q: 'sagrada família',
      lat: '41.4',
      lon: '2.17',
      limit: '8',
    });
    expect(Object.fromEntries(b!.searchParams)).toEqual({ q: 'eiffel' });
  });

  it('asks for the city names of one language', async () => {
    await getCityNames('fr');
    const u = new URL(urls[0]!);
    expect(`${u.pathname}?${u.searchParams}`).toBe('/geocode/city-names?lang=fr');
  });
});
