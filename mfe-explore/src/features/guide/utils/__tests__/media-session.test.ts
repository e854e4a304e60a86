import { jest } from '@jest/globals';
import { metadataInit, setActionHandlers, updatePosition, type PlayerActions } from '../media-session';

/** A MediaSession that keeps what the page gives it, as the browser's does. */
function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const positions: MediaPositionState[] = [];
  const ms = {
    metadata: null,
    playbackState: 'none',
    setActionHandler: (a: MediaSessionAction, h: MediaSessionActionHandler | null) => handlers.set(a, h),
    setPositionState: (p: MediaPositionState) => positions.push(p),
  } as unknown as MediaSession;
  const fire = (action: MediaSessionAction, d: Partial<MediaSessionActionDetails> = {}) =>
    handlers.get(action)!({ action, ...d });
  return { ms, handlers, positions, fire };
}

const actions = (over: Partial<PlayerActions> = {}): PlayerActions => ({
  play: jest.fn(),
  pause: jest.fn(),
  seekBy: jest.fn(),
  seekTo: jest.fn(),
  previous: jest.fn(),
  next: jest.fn(),
  ...over,
});

describe('media session glue', () => {
  it('describes the station on air: title, Wayfarer, the sight and its photo', () => {
    expect(metadataInit({ station: 'The gate', sight: 'Eiffel Tower', artwork: 'https://x/p.jpg' })).toEqual({
      title: 'The gate',
      artist: 'Wayfarer',
      album: 'Eiffel Tower',
      artwork: [{ src: 'https://x/p.jpg' }],
    });
  });

  it('falls back to the page icon when the sight has no photo', () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = 'https://app.example/icon.svg';
    document.head.append(link);
    expect(metadataInit({ station: 's', sight: 'x', artwork: null }).artwork).toEqual([
      { src: 'https://app.example/icon.svg' },
    ]);
    link.remove();
  });

  it('maps the system controls to the player: play, pause, 15 s back and forward, seek, stations', () => {
    const { ms, fire } = fakeSession();
    const a = actions();
    setActionHandlers(ms, a);
    fire('play');
    fire('pause');
    fire('seekforward');
    fire('seekbackward');
    fire('seekforward', { seekOffset: 5 });
    fire('seekto', { seekTime: 42 });
    fire('nexttrack');
    fire('previoustrack');
    expect(a.play).toHaveBeenCalledTimes(1);
    expect(a.pause).toHaveBeenCalledTimes(1);
    expect((a.seekBy as jest.Mock).mock.calls).toEqual([[15], [-15], [5]]);
    expect(a.seekTo).toHaveBeenCalledWith(42);
    expect(a.next).toHaveBeenCalledTimes(1);
    expect(a.previous).toHaveBeenCalledTimes(1);
  });

  it('offers no previous or next station where there is none, and removes every handler on cleanup', () => {
    const { ms, handlers } = fakeSession();
    const remove = setActionHandlers(ms, actions({ previous: null, next: null }));
    expect(handlers.get('previoustrack')).toBeNull();
    expect(handlers.get('nexttrack')).toBeNull();
    expect(typeof handlers.get('play')).toBe('function');
    remove();
    expect([...handlers.values()].every((h) => h === null)).toBe(true);
  });

  it('keeps going when the browser does not know an action', () => {
    const { ms, handlers } = fakeSession();
    const known = ms.setActionHandler.bind(ms);
    ms.setActionHandler = (a, h) => {
      if (a === 'seekto') throw new TypeError('unknown action');
      known(a, h);
    };
    expect(() => setActionHandlers(ms, actions())).not.toThrow();
    expect(typeof handlers.get('nexttrack')).toBe('function');
  });

  it('reports the position only with a known duration, clamped to it', () => {
    const { ms, positions } = fakeSession();
    updatePosition(ms, { duration: NaN, currentTime: 3, playbackRate: 1 });
    updatePosition(ms, { duration: 60, currentTime: 12, playbackRate: 1.5 });
    updatePosition(ms, { duration: 60, currentTime: 61, playbackRate: 0 });
    expect(positions).toEqual([
      { duration: 60, position: 12, playbackRate: 1.5 },
      { duration: 60, position: 60, playbackRate: 1 },
    ]);
  });
});
