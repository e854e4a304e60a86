import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { GuidePlayer } from '../guide-player';
import { writeResume } from '../transcript';

const stations = [
  { id: 'a', title: 'Gate', text: 'Welcome. Look up.', audio_url: '/guides/audio/a' },
  { id: 'b', title: 'Tower', text: 'The tower.', audio_url: '/guides/audio/b' },
];

function Harness({ sightId = 's1' }: { sightId?: string }) {
  const [cur, setCur] = useState(0);
  return <GuidePlayer sightId={sightId} stations={stations} current={cur} onCurrentChange={setCur} playRequest={0} />;
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
      { id: 't', title: 'Gate', text: 'Welcome to St. Paul. Look up.', audio_url: '/guides/audio/t', sentences: [{ text: 'Welcome to St. Paul.', start: 0, end: 1.5 }, { text: 'Look up.', start: 2.2, end: 3 }] },
    ];
    render(<GuidePlayer sightId="s3" stations={timed} current={0} onCurrentChange={() => undefined} playRequest={0} />);
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
  it('offers speeds 0.75x to 2x', () => {
    render(<Harness />);
    const opts = Array.from((screen.getByLabelText('Playback speed') as HTMLSelectElement).options).map((o) => o.text);
    expect(opts).toEqual(['0.75x', '1x', '1.25x', '1.5x', '1.75x', '2x']);
  });
});
