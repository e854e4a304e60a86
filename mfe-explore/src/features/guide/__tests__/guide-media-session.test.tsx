import { useState } from 'react';
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { GuidePlayer, NO_PLAY_REQUEST } from '../guide-player';
import { writeResume } from '../transcript';

const stations = [
  { id: 'a', position: 1, title: 'Gate', text: 'Welcome. Look up.', audio_url: '/guides/audio/a' },
  { id: 'b', position: 2, title: 'Tower', text: 'The tower.', audio_url: '/guides/audio/b' },
];

function Harness({ sightId = 's1' }: { sightId?: string }) {
  const [cur, setCur] = useState(0);
  return (
    <GuidePlayer
      sightId={sightId}
      sightName="Eiffel Tower"
      artwork="https://photos.example/eiffel.jpg"
      stations={stations}
      current={cur}
      onCurrentChange={setCur}
      playRequest={NO_PLAY_REQUEST}
    />
  );
}

// jsdom has neither the Media Session API nor a media pipeline: a session that keeps what it is given, and an audio
// element with a position, a duration and play/pause to watch.
const handlers = new Map<string, MediaSessionActionHandler | null>();
const session = {
  metadata: null as MediaMetadataInit | null,
  playbackState: 'none',
  setActionHandler: (a: string, h: MediaSessionActionHandler | null) => handlers.set(a, h),
  setPositionState: jest.fn(),
};
class FakeMetadata {
  constructor(init: MediaMetadataInit) {
    Object.assign(this, init);
  }
}
beforeAll(() => {
  Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
  (globalThis as { MediaMetadata?: unknown }).MediaMetadata = FakeMetadata;
});
beforeEach(() => {
  localStorage.clear();
  handlers.clear();
  session.metadata = null;
});

function fakeMedia(audio: HTMLAudioElement, duration = 120) {
  let t = 0;
  const media = { play: jest.fn(() => Promise.resolve()), pause: jest.fn() };
  Object.defineProperty(audio, 'currentTime', {
    configurable: true,
    get: () => t,
    set: (v: number) => void (t = v),
  });
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(audio, 'readyState', { configurable: true, get: () => 1 });
  Object.defineProperty(audio, 'play', { configurable: true, value: media.play });
  Object.defineProperty(audio, 'pause', { configurable: true, value: media.pause });
  return media;
}

const fire = (action: string, d: Partial<MediaSessionActionDetails> = {}) =>
  act(() => handlers.get(action)!({ action: action as MediaSessionAction, ...d }));

describe('GuidePlayer and the Media Session', () => {
  it('sets the lock screen metadata and handlers, and the handlers move the player', () => {
    render(<Harness />);
    const audio = document.querySelector('audio')!;
    const media = fakeMedia(audio);
    expect(session.metadata).toMatchObject({
      title: 'Gate',
      artist: 'Wayfarer',
      album: 'Eiffel Tower',
      artwork: [{ src: 'https://photos.example/eiffel.jpg' }],
    });
    expect(handlers.get('previoustrack')).toBeNull();

    fire('play');
    expect(media.play).toHaveBeenCalledTimes(1);
    fire('seekforward');
    expect(audio.currentTime).toBe(15);
    fire('seekforward');
    fire('seekbackward');
    expect(audio.currentTime).toBe(15);
    fire('seekto', { seekTime: 70 });
    expect(audio.currentTime).toBe(70);
    fire('pause');
    expect(media.pause).toHaveBeenCalledTimes(1);

    fire('nexttrack');
    expect(screen.getByTestId('player-station').textContent).toBe('2/2 · Tower');
    expect(session.metadata).toMatchObject({ title: 'Tower', album: 'Eiffel Tower' });
    expect(handlers.get('nexttrack')).toBeNull();
    fire('previoustrack');
    expect(screen.getByTestId('player-station').textContent).toBe('1/2 · Gate');
  });

  it('does not pause when the page is hidden', () => {
    render(<Harness />);
    const media = fakeMedia(document.querySelector('audio')!);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(media.pause).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('resumes the guide where it stopped, says so, and can start over', () => {
    writeResume('s9', { station: 1, time: 83, guide: 'a' });
    render(<Harness sightId="s9" />);
    expect(screen.getByTestId('player-station').textContent).toBe('2/2 · Tower');
    const audio = document.querySelector('audio')!;
    fakeMedia(audio);
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(83);
    expect(screen.getByTestId('player-resumed').textContent).toBe('Resumed at 1:23');
    fireEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }));
    expect(audio.currentTime).toBe(0);
    expect(screen.queryByTestId('player-resumed')).toBeNull();
  });

  it('remembers the position per guide: one stored for another guide of the sight is not applied', () => {
    writeResume('s10', { station: 1, time: 12, guide: 'another-guide' });
    render(<Harness sightId="s10" />);
    expect(screen.getByTestId('player-station').textContent).toBe('1/2 · Gate');
    const audio = document.querySelector('audio')!;
    fakeMedia(audio);
    fireEvent.timeUpdate(audio);
    expect(JSON.parse(localStorage.getItem('wf-guide-resume')!).s10).toEqual({
      station: 0,
      time: 0,
      guide: 'a',
    });
  });
});
