import { jest } from '@jest/globals';
import { act, fireEvent, render, renderHook } from '@testing-library/react';
import { CENTRAL_TILES, MapPlaceholder } from '../../components/map-placeholder';
import { AFTER_PAINT_FALLBACK_MS } from '../../utils/after-paint';
import { FIRST_TILE_WAIT_MS, useMapStart } from '../use-map-start';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__;
});
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('useMapStart: when Leaflet may replace the preview of its first tiles', () => {
  it('waits for the first paint and the preview’s central tile', () => {
    const { result } = renderHook(() => useMapStart());
    expect(result.current.mapReady).toBe(false);
    act(() => result.current.onPreviewSettled());
    // The tile is in, but neither the page nor the tile has been painted yet.
    expect(result.current.mapReady).toBe(false);
    advance(AFTER_PAINT_FALLBACK_MS);
    expect(result.current.mapReady).toBe(true);
  });

  it('does not start before the tile once painted, and starts anyway after FIRST_TILE_WAIT_MS', () => {
    const { result } = renderHook(() => useMapStart());
    advance(AFTER_PAINT_FALLBACK_MS);
    expect(result.current.mapReady).toBe(false);
    advance(FIRST_TILE_WAIT_MS - AFTER_PAINT_FALLBACK_MS - 1);
    expect(result.current.mapReady).toBe(false);
    advance(1);
    expect(result.current.mapReady).toBe(true);
  });
});

describe('MapPlaceholder: when its first tile is settled', () => {
  const view = { lat: 48.8566, lon: 2.3522, km: 10 };
  const sized = () => {
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  };
  afterEach(() => jest.restoreAllMocks());

  it('at once when there is no tile server', () => {
    sized();
    (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = { mapTileUrl: '' };
    const onSettled = jest.fn();
    render(<MapPlaceholder view={view} onSettled={onSettled} />);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('when the central tile loads or fails, not for the others', () => {
    sized();
    (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
      mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png',
    };
    const onSettled = jest.fn();
    const { container, unmount } = render(<MapPlaceholder view={view} onSettled={onSettled} />);
    const imgs = container.querySelectorAll('img');
    expect(imgs.length).toBeGreaterThan(1);
    expect(onSettled).not.toHaveBeenCalled();
    fireEvent.load(imgs[1]!);
    expect(onSettled).not.toHaveBeenCalled();
    fireEvent.load(imgs[0]!);
    expect(onSettled).toHaveBeenCalledTimes(1);
    unmount();
    const again = render(<MapPlaceholder view={view} onSettled={onSettled} />);
    fireEvent.error(again.container.querySelector('img')!);
    expect(onSettled).toHaveBeenCalledTimes(2);
  });

  it('asks for the tiles around the centre first: the rest of the box at low priority', () => {
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(412);
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    (window as unknown as Record<string, unknown>).__WAYFARER_CONFIG__ = {
      mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png',
    };
    const { container } = render(<MapPlaceholder view={view} />);
    const priorities = [...container.querySelectorAll('img')].map((i) => i.getAttribute('fetchpriority'));
    expect(priorities.length).toBeGreaterThan(CENTRAL_TILES);
    expect(priorities.slice(0, CENTRAL_TILES)).toEqual(Array(CENTRAL_TILES).fill('high'));
    expect(new Set(priorities.slice(CENTRAL_TILES))).toEqual(new Set(['low']));
  });
});
