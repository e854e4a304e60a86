import { useState } from 'react';
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { GuidePlayer, NO_PLAY_REQUEST, type PlayRequest } from '../guide-player';
import { writeResume } from '../transcript';

const stations = [
  { id: 'a', position: 1, title: 'Gate', text: 'Welcome. Look up.', audio_url: '/guides/audio/a' },
  { id: 'b', position: 2, title: 'Tower', text: 'The tower.', audio_url: '/guides/audio/b' },
];

function Harness({ sightId = 's1', request = NO_PLAY_REQUEST }: { sightId?: string; request?: PlayRequest }) {
  const [cur, setCur] = useState(0);
  return (
    <GuidePlayer
      sightId={sightId}
      stations={stations}
      current={cur}
      onCurrentChange={setCur}
      playRequest={request}
    />
  );
}

/** jsdom has no media pipeline: give the audio element a position, a duration, a ready state and a play() to watch. */
function fakeMedia(audio: HTMLAudioElement, { readyState = 0, duration = 60 } = {}) {
  let t = 0;
  const media = { readyState, play: jest.fn(() => Promise.resolve()) };
  Object.defineProperty(audio, 'currentTime', {
    configurable: true,
    get: () => t,
    set: (v: number) => void (t = v),
  });
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(audio, 'readyState', { configurable: true, get: () => media.readyState });
  Object.defineProperty(audio, 'play', { configurable: true, value: media.play });
  return media;
}

describe('GuidePlayer', () => {
  beforeEach(() => localStorage.clear());
  it('next/previous change the station and keyboard arrows do too', () => {
    render(<Harness />);
    expect(screen.getByTestId('player-station').textContent).toBe('1/2 · Gate');
    fireEvent.click(screen.getByRole('button', { name: 'Next station' }));
    expect(screen.getByTestId('player-station').textContent).toBe('2/2 · Tower');
    expect((screen.getByRole('button', { name: 'Next station' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('guide-player'), { key: 'ArrowUp' });
    expect(screen.getByTestId('player-station').textContent).toBe('1/2 · Gate');
    expect(screen.getByTestId('transcript').textContent).toContain('Welcome.');
    const audio = document.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('http://localhost:4000/guides/audio/a');
  });
  it('resumes at the stored station', () => {
    writeResume('s2', { station: 1, time: 12 });
    render(<Harness sightId="s2" />);
    expect(screen.getByTestId('player-station').textContent).toBe('2/2 · Tower');
  });
  it('highlights the spoken sentence from the measured timings as the audio plays', () => {
    const timed = [
      {
        id: 't',
        position: 1,
        title: 'Gate',
        text: 'Welcome to St. Paul. Look up.',
        audio_url: '/guides/audio/t',
        sentences: [
          { text: 'Welcome to St. Paul.', start: 0, end: 1.5 },
          { text: 'Look up.', start: 2.2, end: 3 },
        ],
      },
    ];
    render(
      <GuidePlayer
        sightId="s3"
        stations={timed}
        current={0}
        onCurrentChange={() => undefined}
        playRequest={NO_PLAY_REQUEST}
      />,
    );
    // One span per measured sentence, so 'St. Paul' is not split.
    const spans = () => Array.from(screen.getByTestId('transcript').querySelectorAll('span'));
    expect(spans().map((x) => x.textContent?.trim())).toEqual(['Welcome to St. Paul.', 'Look up.']);
    const audio = document.querySelector('audio')!;
    Object.defineProperty(audio, 'currentTime', { value: 2.5, configurable: true });
    fireEvent.timeUpdate(audio);
    expect(spans()[1].getAttribute('aria-current')).toBe('true');
    expect(spans()[0].getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('player-time').textContent).toBe('0:02');
  });
  it('a from-start request (follow me) plays the loaded station from 0:00, a plain request (Play) continues where it was', () => {
    writeResume('s5', { station: 1, time: 12 });
    const { rerender } = render(<Harness sightId="s5" />);
    expect(screen.getByTestId('player-station').textContent).toBe('2/2 · Tower');
    const audio = document.querySelector('audio')!;
    const media = fakeMedia(audio);
    media.readyState = 1;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(12); // the remembered position
    rerender(<Harness sightId="s5" request={{ seq: 1, fromStart: true }} />);
    expect(audio.currentTime).toBe(0);
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('player-time').textContent).toBe('0:00');
    act(() => {
      audio.currentTime = 20;
    });
    rerender(<Harness sightId="s5" request={{ seq: 2, fromStart: false }} />);
    expect(audio.currentTime).toBe(20);
    expect(media.play).toHaveBeenCalledTimes(2);
  });
  it('a from-start request made while the remembered station is loading starts it at 0:00 once loaded', () => {
    writeResume('s6', { station: 1, time: 12 });
    const { rerender } = render(<Harness sightId="s6" />);
    const audio = document.querySelector('audio')!;
    const media = fakeMedia(audio);
    rerender(<Harness sightId="s6" request={{ seq: 1, fromStart: true }} />);
    expect(media.play).not.toHaveBeenCalled(); // nothing loaded yet
    media.readyState = 1;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(0);
    expect(media.play).toHaveBeenCalledTimes(1);
  });
  it('without a request the remembered position is applied to its own station only', () => {
    writeResume('s7', { station: 1, time: 12 });
    render(<Harness sightId="s7" />);
    const audio = document.querySelector('audio')!;
    fakeMedia(audio, { readyState: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Previous station' }));
    expect(screen.getByTestId('player-station').textContent).toBe('1/2 · Gate');
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(0);
  });
  it('offers speeds 0.75x to 2x', () => {
    render(<Harness />);
    const opts = Array.from((screen.getByLabelText('Playback speed') as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(opts).toEqual(['0.75x', '1x', '1.25x', '1.5x', '1.75x', '2x']);
  });
});
