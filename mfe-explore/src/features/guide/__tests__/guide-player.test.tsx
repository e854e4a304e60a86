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
  it('offers speeds 0.75x to 2x', () => {
    render(<Harness />);
    const opts = Array.from((screen.getByLabelText('Playback speed') as HTMLSelectElement).options).map((o) => o.text);
    expect(opts).toEqual(['0.75x', '1x', '1.25x', '1.5x', '1.75x', '2x']);
  });
});
