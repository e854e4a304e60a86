import { createRef } from 'react';
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import L from 'leaflet';
import { MapContainer } from 'react-leaflet';
import { exploreCatalogReady } from '../../../i18n';
import { giveElementsASize } from '../../../testing/element-size';
import { GuidePlayer, type PlayableStation } from '../../guide';
import { useStationPlayback } from '../hooks/use-station-playback';
import { GuideRoute, routeStops } from '../components/guide-route';

const stations: PlayableStation[] = [
  {
    id: 'a',
    position: 1,
    title: 'Gate',
    text: 'Welcome.',
    audio_url: '/guides/audio/a',
    latitude: 48.8584,
    longitude: 2.2945,
  },
  {
    id: 'b',
    position: 2,
    title: 'Tower',
    text: 'The tower.',
    audio_url: '/guides/audio/b',
    latitude: 48.8606,
    longitude: 2.2976,
  },
  // No place known: not on the map, but the stops after it keep their numbers.
  { id: 'c', position: 3, title: 'Story', text: 'Once.', audio_url: '/guides/audio/c' },
  {
    id: 'd',
    position: 4,
    title: 'Bridge',
    text: 'The bridge.',
    audio_url: '/guides/audio/d',
    latitude: 48.8556,
    longitude: 2.2986,
  },
];

/** The sight page's wiring: one playback state shared by the map's route and the player. */
function Page({ mapRef }: { mapRef?: React.Ref<L.Map> }) {
  const guide = useStationPlayback('s1', stations);
  return (
    <>
      <MapContainer ref={mapRef} center={[48.8584, 2.2945]} zoom={16} style={{ height: 600, width: 800 }}>
        <GuideRoute
          stations={guide.stations}
          current={guide.current}
          onPlay={guide.play}
          home={[48.8584, 2.2945]}
        />
      </MapContainer>
      <GuidePlayer
        sightId="s1"
        stations={guide.stations}
        current={guide.current}
        onCurrentChange={guide.setCurrent}
        playRequest={guide.playRequest}
      />
    </>
  );
}

giveElementsASize();
beforeAll(async () => {
  await exploreCatalogReady;
});
beforeEach(() => localStorage.clear());

const markers = () => [...document.querySelectorAll<HTMLElement>('.explore-route-stop')];
const currentStops = () => markers().filter((m) => m.classList.contains('is-current'));
const stationShown = () => screen.getByTestId('player-station').textContent;

/** jsdom has no media pipeline: a loaded audio element whose play() can be watched. */
function fakeAudio() {
  const audio = document.querySelector<HTMLAudioElement>('[data-testid="guide-player"] audio')!;
  const play = jest.fn(() => Promise.resolve());
  Object.defineProperty(audio, 'readyState', { configurable: true, get: () => 1 });
  Object.defineProperty(audio, 'play', { configurable: true, value: play });
  return play;
}

describe('GuideRoute', () => {
  it('keeps the stations with a place, in walking order, numbered as in the guide', () => {
    expect(routeStops(stations)).toEqual([
      { index: 0, position: [48.8584, 2.2945] },
      { index: 1, position: [48.8606, 2.2976] },
      { index: 3, position: [48.8556, 2.2986] },
    ]);
  });

  it('draws the numbered stops joined by a line in walking order, each a named, focusable button', () => {
    const map = createRef<L.Map>();
    render(<Page mapRef={map} />);
    expect(markers().map((m) => m.textContent)).toEqual(['1', '2', '4']);
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual([
      'Stop 1: Gate, play',
      'Stop 2: Tower, play',
      'Stop 4: Bridge, play',
    ]);
    for (const m of markers()) {
      expect(m.getAttribute('role')).toBe('button');
      expect(m.tabIndex).toBe(0);
    }
    const lines: L.LatLng[][] = [];
    map.current!.eachLayer((l) => {
      if (l instanceof L.Polyline) lines.push(l.getLatLngs() as L.LatLng[]);
    });
    expect(lines.map((pts) => pts.map((p) => [p.lat, p.lng]))).toEqual([
      [
        [48.8584, 2.2945],
        [48.8606, 2.2976],
        [48.8556, 2.2986],
      ],
    ]);
    // Styled by the theme through its class (set when Leaflet makes the path).
    expect(document.querySelectorAll('path.explore-route-line')).toHaveLength(1);
    // The whole walk is in view.
    for (const s of routeStops(stations)) expect(map.current!.getBounds().contains(s.position)).toBe(true);
  });

  it('highlights the station the player is on, and none while it is on a station without a place', () => {
    render(<Page />);
    expect(currentStops().map((m) => m.textContent)).toEqual(['1']);
    expect(markers()[0].getAttribute('aria-current')).toBe('step');

    fireEvent.click(screen.getByRole('button', { name: 'Next station' }));
    expect(stationShown()).toBe('2/4 · Tower');
    expect(currentStops().map((m) => m.textContent)).toEqual(['2']);
    expect(markers()[0].hasAttribute('aria-current')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Next station' }));
    expect(stationShown()).toBe('3/4 · Story');
    expect(currentStops()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Next station' }));
    expect(currentStops().map((m) => m.getAttribute('aria-label'))).toEqual(['Stop 4: Bridge, play']);
  });

  it('a click or Enter on a stop plays that station, and the stop keeps the focus', () => {
    render(<Page />);
    const play = fakeAudio();

    fireEvent.click(screen.getByRole('button', { name: 'Stop 2: Tower, play' }));
    expect(stationShown()).toBe('2/4 · Tower');
    expect(play).toHaveBeenCalledTimes(1);
    expect(currentStops().map((m) => m.textContent)).toEqual(['2']);

    const bridge = screen.getByRole('button', { name: 'Stop 4: Bridge, play' });
    act(() => bridge.focus());
    fireEvent.keyDown(bridge, { key: 'Tab' });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(bridge, { key: 'Enter' });
    expect(stationShown()).toBe('4/4 · Bridge');
    expect(play).toHaveBeenCalledTimes(2);
    expect(currentStops()).toEqual([bridge]);
    expect(document.activeElement).toBe(bridge);
  });

  it('brings the current stop into view when the map was moved away from it', () => {
    const matchMedia = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query.includes('reduced-motion'), media: query }) as MediaQueryList,
      );
    const map = createRef<L.Map>();
    render(<Page mapRef={map} />);
    act(() => map.current!.setView([48.87, 2.35], 17, { animate: false }));
    const tower = L.latLng(48.8606, 2.2976);
    expect(map.current!.getBounds().contains(tower)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Next station' }));
    expect(stationShown()).toBe('2/4 · Tower');
    expect(map.current!.getBounds().contains(tower)).toBe(true);
    matchMedia.mockRestore();
  });
});
