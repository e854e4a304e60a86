import { jest } from '@jest/globals';
import { TOUCH_FIRST_QUERY } from '../hooks/use-touch-first';

/** Each import of the map's chunk (the module factory runs when the page asks for the chunk). */
const mapChunkLoads = jest.fn();
jest.unstable_mockModule('../../map', () => {
  mapChunkLoads();
  return { ExploreMap: () => null };
});

const desktopMatchMedia = window.matchMedia;
function emulate(touchFirst: boolean) {
  window.matchMedia = ((query: string) => ({
    ...desktopMatchMedia(query),
    matches: touchFirst && query === TOUCH_FIRST_QUERY,
  })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
  mapChunkLoads.mockClear();
});

/** The explore page's module evaluated afresh, as when the remote loads it. */
async function loadPageModule() {
  await jest.isolateModulesAsync(async () => {
    await import('../explore-page');
  });
  await new Promise((r) => setTimeout(r, 0));
}

describe("the map's code (Leaflet)", () => {
  it('downloads with the page on a device with a mouse', async () => {
    emulate(false);
    await loadPageModule();
    expect(mapChunkLoads).toHaveBeenCalledTimes(1);
  });

  it('is not downloaded with the page on a touch-first device, where the map waits behind its facade', async () => {
    emulate(true);
    await loadPageModule();
    expect(mapChunkLoads).not.toHaveBeenCalled();
  });
});
