import { jest } from '@jest/globals';
import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import type { ReportableStation as Station } from '../guide-station';
import { useListeningEvents, type ListenEventOut, type ListeningDeps } from '../use-listening-events';

const st = (id: string): Station => ({
  id,
  title: id,
  text: 'x',
  audio_url: `/guides/audio/${id}`,
  ...{ sentences: [] },
});

function Harness({ station, deps }: { station: Station; deps: ListeningDeps }) {
  const audio = useRef<HTMLAudioElement>(null);
  useListeningEvents(audio, station, deps);
  // eslint-disable-next-line jsx-a11y/media-has-caption -- a test harness element, never shown
  return <audio ref={audio} data-testid="audio" />;
}

function media(audio: HTMLElement, duration = 100) {
  let t = 0;
  let ended = false;
  Object.defineProperty(audio, 'currentTime', {
    configurable: true,
    get: () => t,
    set: (v: number) => void (t = v),
  });
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(audio, 'ended', { configurable: true, get: () => ended });
  return {
    at(s: number) {
      t = s;
      fireEvent.timeUpdate(audio);
    },
    end() {
      ended = true;
      fireEvent.pause(audio);
      fireEvent.ended(audio);
      ended = false;
    },
  };
}

const flushPromises = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('useListeningEvents', () => {
  it('batches a play: start, the furthest fraction on pause, skip on a station change, complete at the end', async () => {
    const sent: ListenEventOut[][] = [];
    const deps = {
      send: jest.fn(async (events: ListenEventOut[], _keepalive: boolean) => void sent.push(events)),
    };
    const { rerender, getByTestId } = render(<Harness station={st('a')} deps={deps} />);
    const m = media(getByTestId('audio'));
    fireEvent.play(getByTestId('audio'));
    m.at(30);
    m.at(50);
    m.at(20); // seeking back: the furthest point counts
    fireEvent.pause(getByTestId('audio'));
    await flushPromises();
    const playA = sent[0]![0]!.play_id;
    expect(sent[0]).toEqual([
      { play_id: playA, station_id: 'a', type: 'start', fraction: 0 },
      { play_id: playA, station_id: 'a', type: 'progress', fraction: 0.5 },
    ]);
    // Resuming is the same play; moving on before the end skips it.
    fireEvent.play(getByTestId('audio'));
    m.at(60);
    rerender(<Harness station={st('b')} deps={deps} />);
    await flushPromises();
    expect(sent[1]).toEqual([{ play_id: playA, station_id: 'a', type: 'skip', fraction: 0.6 }]);
    m.at(0);
    fireEvent.play(getByTestId('audio'));
    m.at(100);
    m.end();
    await flushPromises();
    const playB = sent[2]![0]!.play_id;
    expect(playB).not.toBe(playA);
    expect(sent[2]).toEqual([
      { play_id: playB, station_id: 'b', type: 'start', fraction: 0 },
      { play_id: playB, station_id: 'b', type: 'complete', fraction: 1 },
    ]);
    expect(deps.send.mock.calls.every(([, keepalive]) => keepalive === false)).toBe(true);
  });

  it('sends again with the next batch what failed, and flushes with keepalive when the page is hidden', async () => {
    const sent: [ListenEventOut[], boolean][] = [];
    let fail = true;
    const deps = {
      send: jest.fn(async (events: ListenEventOut[], keepalive: boolean) => {
        sent.push([events, keepalive]);
        if (fail) throw new Error('offline');
      }),
    };
    const { getByTestId } = render(<Harness station={st('a')} deps={deps} />);
    const m = media(getByTestId('audio'));
    fireEvent.play(getByTestId('audio'));
    m.at(10);
    fireEvent.pause(getByTestId('audio'));
    await flushPromises();
    expect(sent).toHaveLength(1);
    fail = false;
    fireEvent.play(getByTestId('audio'));
    m.at(40);
    window.dispatchEvent(new Event('pagehide'));
    await flushPromises();
    const [events, keepalive] = sent[1]!;
    expect(keepalive).toBe(true);
    expect(events.map((e) => [e.type, e.fraction])).toEqual([
      ['start', 0],
      ['progress', 0.1],
      ['progress', 0.4],
    ]);
  });

  it("counts nothing for the sight's own stations (not from a guide)", async () => {
    const deps = { send: jest.fn(async () => undefined) };
    const { getByTestId } = render(
      <Harness station={{ id: 'own', text: 'x', audio_url: '/a' }} deps={deps} />,
    );
    media(getByTestId('audio'));
    fireEvent.play(getByTestId('audio'));
    fireEvent.pause(getByTestId('audio'));
    await flushPromises();
    expect(deps.send).not.toHaveBeenCalled();
  });
});
