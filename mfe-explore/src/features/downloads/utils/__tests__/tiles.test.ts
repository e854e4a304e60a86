import { tileUrlsAround } from '../tiles';

describe('tileUrlsAround', () => {
  it('gives the tile holding the point and its neighbours at each zoom', () => {
    const urls = tileUrlsAround('https://tiles.test/{z}/{x}/{y}.png', 48.8584, 2.2945, [16], 1);
    expect(urls).toHaveLength(9);
    // The Eiffel Tower is in tile 16/33185/22545 (OpenStreetMap's numbering).
    expect(urls[4]).toBe('https://tiles.test/16/33185/22545.png');
    expect(urls[0]).toBe('https://tiles.test/16/33184/22544.png');
  });

  it('wraps around the antimeridian and stops at the poles', () => {
    const urls = tileUrlsAround('/t/{z}/{x}/{y}', 85.05, 179.99, [1], 1);
    expect(urls).toContain('/t/1/0/0');
    expect(urls.every((u) => !u.includes('/-'))).toBe(true);
    expect(urls).toHaveLength(6);
  });

  it('gives none without a tile server or with a subdomain template', () => {
    expect(tileUrlsAround('', 1, 1)).toEqual([]);
    expect(tileUrlsAround('https://{s}.tile.test/{z}/{x}/{y}.png', 1, 1)).toEqual([]);
  });
});
