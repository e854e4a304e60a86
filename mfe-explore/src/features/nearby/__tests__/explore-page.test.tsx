import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@wayfarer/router';
import { withQueryClient } from '@wayfarer/session/testing';
import { ExplorePage, RADIUS_DEBOUNCE_MS } from '../explore-page';
import { TOUCH_FIRST_QUERY } from '../hooks/use-touch-first';

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** Radii of the /sights/nearby calls made so far. */
let nearbyKm: string[] = [];
beforeEach(() => {
  nearbyKm = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const u = new URL(String(url), 'http://localhost');
    if (u.pathname.endsWith('/sights/nearby')) nearbyKm.push(u.searchParams.get('km') ?? '');
    return new Response(JSON.stringify({ items: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  // performance stays real: the load marks the first nearby answer with User Timing.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'performance'] });
});
afterEach(() => jest.useRealTimers());

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
const urlKm = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '').get('km');

/** The page at the Eiffel Tower with a 5 km radius, the URL's search shown beside it. */
function renderExplorePage() {
  render(
    <MemoryRouter initialEntries={['/explore?lat=48.8584&lon=2.2945&km=5']}>
      <Routes>
        <Route
          path="/explore"
          element={
            <>
              <ExplorePage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
}

async function renderExplore() {
  renderExplorePage();
  await advance(1000); // the first load and its background phase
  expect(nearbyKm).toContain('5');
}

describe('ExplorePage radius (spec: reload debounced 250 ms)', () => {
  it('moves the URL and reloads exactly 250 ms after a radius change, not at 249 ms', async () => {
    expect(RADIUS_DEBOUNCE_MS).toBe(250);
    await renderExplore();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '3' } });
    expect(screen.getByTestId('radius-value').textContent).toBe('3 km');
    await advance(249);
    expect(urlKm()).toBe('5');
    expect(nearbyKm).not.toContain('3');
    await advance(1);
    expect(urlKm()).toBe('3');
    expect(nearbyKm).toContain('3');
  });

  it('counts the 250 ms from the last change: intermediate radii are never loaded', async () => {
    await renderExplore();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '3' } });
    await advance(200);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '8' } });
    await advance(249);
    expect(urlKm()).toBe('5');
    await advance(1);
    expect(urlKm()).toBe('8');
    expect(nearbyKm).toContain('8');
    expect(nearbyKm).not.toContain('3');
  });
});

describe('ExplorePage map (Leaflet set up after the first paint)', () => {
  it('paints the toolbar with a placeholder first, then mounts the map in a later task', async () => {
    renderExplorePage();
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeTruthy();
    const box = screen.getByTestId('explore-map');
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.querySelector('.leaflet-container')).toBeNull();
    await advance(1000);
    const map = screen.getByTestId('explore-map');
    expect(map.getAttribute('aria-busy')).toBeNull();
    expect(map.querySelector('.leaflet-container')).not.toBeNull();
  });

  describe('on a touch-first device', () => {
    const desktopMatchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        ...desktopMatchMedia(query),
        matches: query === TOUCH_FIRST_QUERY,
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = desktopMatchMedia;
    });

    it('keeps the preview as the map’s facade until it is tapped, then mounts the map', async () => {
      renderExplorePage();
      // Long after the desktop map would have started (the test above: 1 s), there is still no Leaflet.
      await advance(5000);
      const box = screen.getByTestId('explore-map');
      expect(box.querySelector('.leaflet-container')).toBeNull();
      expect(box.getAttribute('aria-busy')).toBe('false');
      const tap = screen.getByRole('button', { name: 'Tap to use the map' });
      fireEvent.click(tap);
      await advance(1000);
      const map = screen.getByTestId('explore-map');
      expect(map.querySelector('.leaflet-container')).not.toBeNull();
      expect(screen.queryByRole('button', { name: 'Tap to use the map' })).toBeNull();
    });
  });
});
