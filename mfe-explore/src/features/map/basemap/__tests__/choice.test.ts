import { chooseBaseLayer } from '../choice';

const TILES = 'https://tiles.example.test/{z}/{x}/{y}.png';
const PMTILES = 'https://bucket.example.test/basemap/world.pmtiles';

describe('chooseBaseLayer', () => {
  it('draws the built-in world map when no tile server is configured', () => {
    expect(chooseBaseLayer({ pmtilesUrl: '', tileUrl: '', failed: false })).toBe('basemap');
  });

  it('uses the raster tile server while its tiles load', () => {
    expect(chooseBaseLayer({ pmtilesUrl: '', tileUrl: TILES, failed: false })).toBe('tiles');
  });

  it('falls back to the built-in world map when the tiles fail', () => {
    expect(chooseBaseLayer({ pmtilesUrl: '', tileUrl: TILES, failed: true })).toBe('basemap');
  });

  it('prefers a self-hosted PMTiles file to raster tiles, and falls back when it fails', () => {
    expect(chooseBaseLayer({ pmtilesUrl: PMTILES, tileUrl: TILES, failed: false })).toBe('pmtiles');
    expect(chooseBaseLayer({ pmtilesUrl: PMTILES, tileUrl: '', failed: true })).toBe('basemap');
  });
});
