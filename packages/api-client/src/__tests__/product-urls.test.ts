import { jest } from '@jest/globals';
import { geocode, getFeaturedSights, getNearbySights, reverseGeocode } from '../product';

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
});
