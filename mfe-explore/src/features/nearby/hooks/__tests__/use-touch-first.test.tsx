import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TOUCH_FIRST_QUERY, useTouchFirst } from '../use-touch-first';

/** A MediaQueryList whose answer the test sets, counting how often `matches` is read. */
function fakeMedia(initial: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const state = { value: initial, reads: 0, queries: [] as string[] };
  const list = {
    get matches() {
      state.reads++;
      return state.value;
    },
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  const matchMedia = ((query: string) => {
    state.queries.push(query);
    return list;
  }) as unknown as typeof window.matchMedia;
  const change = (value: boolean) => {
    state.value = value;
    for (const l of [...listeners]) l({ matches: value } as MediaQueryListEvent);
  };
  return { matchMedia, change, state };
}

function Probe() {
  const touch = useTouchFirst();
  const [, rerender] = useState(0);
  return (
    <button type="button" onClick={() => rerender((n) => n + 1)}>
      {touch ? 'touch' : 'pointer'}
    </button>
  );
}

describe('useTouchFirst', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('follows the media query, and reads its answer once, not on every render (a read can force a layout)', () => {
    const media = fakeMedia(true);
    window.matchMedia = media.matchMedia;
    render(<Probe />);
    expect(screen.getByRole('button').textContent).toBe('touch');
    expect(media.state.queries).toEqual([TOUCH_FIRST_QUERY]);
    for (let i = 0; i < 5; i++) act(() => screen.getByRole('button').click());
    expect(media.state.reads).toBe(1);
    act(() => media.change(false));
    expect(screen.getByRole('button').textContent).toBe('pointer');
    act(() => media.change(true));
    expect(screen.getByRole('button').textContent).toBe('touch');
    expect(media.state.reads).toBe(1);
  });
});
