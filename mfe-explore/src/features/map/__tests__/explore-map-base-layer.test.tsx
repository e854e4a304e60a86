import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { exploreCatalogReady } from '../../../i18n';
import { ExploreMap } from '../explore-map';

const TILES = 'http://tiles.test/{z}/{x}/{y}.png';
const w = window as unknown as Record<string, unknown>;

// jsdom does no layout: give Leaflet's containers a size.
const size = (prop: 'clientWidth' | 'clientHeight', value: number) =>
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });

beforeAll(async () => {
  size('clientWidth', 800);
  size('clientHeight', 600);
  await exploreCatalogReady;
  // The base layers' lazy modules, loaded once here: each render below then settles within act().
  await Promise.all([import('../basemap/offline-basemap'), import('../basemap/pmtiles-layer')]);
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});
afterEach(() => {
  delete w.__WAYFARER_CONFIG__;
});

async function renderMap(config: Record<string, string>) {
  w.__WAYFARER_CONFIG__ = config;
  let container!: HTMLElement;
  await act(async () => {
    ({ container } = render(
      <ExploreMap
        center={{ lat: 48.8584, lon: 2.2945 }}
        km={5}
        places={[]}
        highlightedId={null}
        onOpen={() => {}}
        onHover={() => {}}
        onSearchAt={() => {}}
      />,
    ));
  });
  const map = screen.getByTestId('explore-map');
  return { map, tiles: () => [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')] };
}

describe("the explore map's base layer", () => {
  it('draws the built-in world map, with no tiles and no offline note, when no tile server is configured', async () => {
    const { map, tiles } = await renderMap({ mapTileUrl: '' });
    expect(map.dataset['baseLayer']).toBe('basemap');
    expect(tiles()).toHaveLength(0);
    expect(screen.queryByTestId('tiles-notice')).toBeNull();
  });

  it("shows the configured server's tiles while they load", async () => {
    const { map, tiles } = await renderMap({ mapTileUrl: TILES });
    expect(map.dataset['baseLayer']).toBe('tiles');
    expect(tiles().length).toBeGreaterThan(0);
    act(() => void fireEvent.load(tiles()[0]!));
    expect(map.dataset['baseLayer']).toBe('tiles');
    expect(screen.queryByTestId('tiles-notice')).toBeNull();
  });

  it('switches to the built-in world map with an unobtrusive note when the tiles fail, and back when one loads', async () => {
    const { map, tiles } = await renderMap({ mapTileUrl: TILES });
    act(() => void fireEvent.error(tiles()[0]!));
    expect(map.dataset['baseLayer']).toBe('basemap');
    expect(screen.getByTestId('tiles-notice').textContent).toBe(
      'The detailed map is offline: showing the built-in world map.',
    );
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    // The tile layer stays, hidden: a tile that loads later (back online) brings the detailed map back.
    act(() => void fireEvent.load(tiles()[1]!));
    expect(map.dataset['baseLayer']).toBe('tiles');
  });

  describe('with a PMTiles file configured', () => {
    beforeEach(() => {
      // protomaps-leaflet measures text on a canvas jsdom does not draw.
      jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    });
    afterEach(() => jest.restoreAllMocks());
    const PMTILES = 'http://s3.test/world.pmtiles';

    it('draws it ahead of the raster tiles while it is being read', async () => {
      jest.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
      const { map, tiles } = await renderMap({ mapTileUrl: TILES, mapPmtilesUrl: PMTILES });
      expect(map.dataset['baseLayer']).toBe('pmtiles');
      expect(tiles()).toHaveLength(0);
      expect(screen.queryByTestId('tiles-notice')).toBeNull();
    });

    it('gives way to the built-in world map, with the note, when the file cannot be read', async () => {
      const read = jest.spyOn(window, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
      // protomaps-leaflet logs each tile it could not read: expected here.
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const { map } = await renderMap({ mapTileUrl: '', mapPmtilesUrl: PMTILES });
      await waitFor(() => expect(map.dataset['baseLayer']).toBe('basemap'));
      expect(String(read.mock.calls[0]![0])).toBe(PMTILES);
      expect(screen.getByTestId('tiles-notice')).toBeTruthy();
    });
  });
});
