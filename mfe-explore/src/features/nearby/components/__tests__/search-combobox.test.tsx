import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { SearchResult } from '@wayfarer/contracts';
import { withQueryClient } from '@wayfarer/session/testing';
import { SEARCH_DEBOUNCE_MS } from '../../hooks/use-sight-search';
import { SearchCombobox } from '../search-combobox';

const ROWS: SearchResult[] = [
  {
    kind: 'sight',
    id: 'wd-Q10285',
    name: 'Colosseum',
    category: 'landmark',
    city: 'Roma',
    country: 'Italy',
    lat: 41.89,
    lon: 12.49,
    distance_km: 1.2,
  },
  {
    kind: 'place',
    id: '3169070',
    name: 'Rome',
    category: null,
    city: 'Rome',
    country: 'Italy',
    lat: 41.89,
    lon: 12.48,
    distance_km: 0.4,
  },
];

let asked: URL[] = [];
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const u = new URL(String(url), 'http://localhost');
    asked.push(u);
    const items = u.searchParams.get('q') === 'zzzz' ? [] : ROWS;
    return new Response(JSON.stringify({ items }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'performance'] });
});
afterEach(() => jest.useRealTimers());

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

function setup() {
  const onPick = jest.fn<(r: SearchResult) => void>();
  const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
  function Box() {
    const [q, setQ] = useState('');
    return (
      <SearchCombobox
        value={q}
        onChange={setQ}
        onSubmit={onSubmit}
        searching={false}
        center={{ lat: 41.9, lon: 12.5 }}
        onPick={onPick}
      />
    );
  }
  const { wrapper: Wrapper } = withQueryClient();
  render(
    <Wrapper>
      <Box />
    </Wrapper>,
  );
  const box = screen.getByRole('combobox', { name: 'Search a place' });
  return { box, onPick, onSubmit };
}

async function type(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
  await advance(SEARCH_DEBOUNCE_MS);
  await advance(0);
}

describe('SearchCombobox', () => {
  it('asks once the typing pauses, near the map centre, and lists sights and places with category, city and distance', async () => {
    const { box } = setup();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-controls')).toBe('explore-q-listbox');
    fireEvent.change(box, { target: { value: 'col' } });
    fireEvent.change(box, { target: { value: 'coll' } });
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toHaveLength(0);
    await type(box, 'colloseum');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/search');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      q: 'colloseum',
      lat: '41.9',
      lon: '12.5',
      limit: '8',
    });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0].textContent).toContain('Colosseum');
    expect(options[0].textContent).toContain('Landmark · Roma, Italy · 1.2 km');
    expect(options[1].textContent).toContain('Place · Italy · 400 m');
    expect(screen.getByTestId('search-count').textContent).toContain('2 results for colloseum');
  });

  it('moves with the arrow keys (aria-activedescendant, wrapping) and picks with Enter', async () => {
    const { box, onPick, onSubmit } = setup();
    await type(box, 'colloseum');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe('explore-q-option-0');
    expect(screen.getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe('explore-q-option-0');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe('explore-q-option-1');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(ROWS[0]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape, opens again with ArrowDown; Enter with no option active submits the box', async () => {
    const { box, onPick, onSubmit } = setup();
    await type(box, 'colloseum');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByRole('listbox', { hidden: true }) as HTMLUListElement).hidden).toBe(true);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.submit(box.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('picks a place by click, and says when nothing is found', async () => {
    const { box, onPick } = setup();
    await type(box, 'rome');
    fireEvent.click(screen.getAllByRole('option')[1]!);
    expect(onPick).toHaveBeenCalledWith(ROWS[1]);
    await type(box, 'zzzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('search-count').textContent).toContain('0 results for zzzz');
  });

  it('asks nothing for a single letter', async () => {
    const { box } = setup();
    await type(box, 'c');
    expect(asked).toHaveLength(0);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
