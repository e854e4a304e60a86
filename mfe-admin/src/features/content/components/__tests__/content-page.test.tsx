import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseForTests } from '@wayfarer/session';
import { ContentPage } from '../content-page';

interface St { id: string; position: number; title: string; text: string; has_audio: boolean }
const sight = (id: string, name: string) => ({
  id, slug: id, name, description: '', cover_image_url: null, img_preview: null, city: 'Rome', country: 'Italy', country_code: 'IT',
  latitude: 41.9, longitude: 12.5, rating_avg: 0, ratings_count: 0, category_slugs: ['landmark'], category_hint: null, popularity: null,
  hidden: false, merged_into: null, comments_count: 0, images_count: 0, stations_count: 0,
});
let stations: St[];
let nextId: number;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  stations = [
    { id: 's1', position: 1, title: 'Gate', text: 'a', has_audio: false },
    { id: 's2', position: 2, title: 'Hall', text: 'b', has_audio: false },
  ];
  nextId = 3;
  calls.length = 0;
  setSupabaseForTests({
    auth: { getSession: async () => ({ data: { session: { access_token: 'tok', user: { id: 'u' } } }, error: null }) },
  } as unknown as SupabaseClient);
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const ok = (b: unknown) => new Response(JSON.stringify(b));
    if (method === 'GET' && url.pathname === '/admin/sights') return ok({ ok: true, items: [sight('a', 'Pantheon'), sight('b', 'Pantheon (copy)')], total: 2, page: 1, pageSize: 25 });
    if (method === 'GET' && url.pathname === '/admin/sights/a') return ok({ ok: true, sight: sight('a', 'Pantheon'), stations });
    if (method === 'PUT' && url.pathname === '/admin/sights/a/stations') {
      const sent = (body as { stations: { id?: string; title: string; text: string }[] }).stations;
      stations = sent.map((st, i) => ({ id: st.id ?? `s${nextId++}`, position: i + 1, title: st.title, text: st.text, has_audio: false }));
      return ok({ ok: true, stations, message: 'Stations saved' });
    }
    if (method === 'POST' && url.pathname === '/admin/sights/merge') {
      return ok({ ok: true, sight: { ...sight('a', 'Pantheon'), comments_count: 4 }, merged: ['b'], moved: { comments: 4, images: 1, stations: 0, guides: 0 }, message: 'Merged' });
    }
    return new Response(JSON.stringify({ error: 'unexpected' }), { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

async function openPantheon() {
  render(<MemoryRouter><ContentPage /></MemoryRouter>);
  fireEvent.change(screen.getByLabelText('Search sights'), { target: { value: '  pantheon  ' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  });
  await waitFor(() => expect(screen.getAllByTestId('sight-result')).toHaveLength(2));
  expect(calls[0]!.path).toBe('/admin/sights?q=pantheon&page=1&pageSize=25');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pantheon' }));
  });
  return screen.findByRole('region', { name: 'Edit Pantheon' });
}
const titles = () => screen.getAllByTestId('station-row').map((r) => (within(r).getAllByRole('textbox')[0] as HTMLInputElement).value);

test('reorders stations with the move buttons, keeps focus on the moved station and saves the order with ids', async () => {
  await openPantheon();
  await waitFor(() => expect(titles()).toEqual(['Gate', 'Hall']));
  const up = screen.getByRole('button', { name: 'Move Hall up' });
  up.focus();
  fireEvent.click(up);
  expect(titles()).toEqual(['Hall', 'Gate']);
  // 'Up' is disabled at the top, so focus moves to the same station's 'Down' button.
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Hall down' }));
  expect(screen.getByText(/Moved “Hall” to position 1 of 2\./)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Add station' }));
  const added = screen.getAllByTestId('station-row')[2]!;
  expect((screen.getByRole('button', { name: 'Save stations' }) as HTMLButtonElement).disabled).toBe(true); // untitled station
  fireEvent.change(within(added).getAllByRole('textbox')[0]!, { target: { value: 'Dome' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save stations' }));
  });
  await screen.findByText('Stations saved.');
  const put = calls.filter((c) => c.method === 'PUT');
  expect(put[0]!.body).toEqual({ stations: [{ id: 's2', title: 'Hall', text: 'b' }, { id: 's1', title: 'Gate', text: 'a' }, { title: 'Dome', text: '' }] });

  // The stored ids come back, so saving again edits the new station instead of adding a second one.
  fireEvent.change(within(screen.getAllByTestId('station-row')[2]!).getAllByRole('textbox')[1]!, { target: { value: 'Look up.' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save stations' }));
  });
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ stations: [{ id: 's2', title: 'Hall', text: 'b' }, { id: 's1', title: 'Gate', text: 'a' }, { id: 's3', title: 'Dome', text: 'Look up.' }] });
});

test('merges a ticked duplicate into the selected sight after confirmation', async () => {
  await openPantheon();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Pantheon (copy) is a duplicate' }));
  fireEvent.click(screen.getByRole('button', { name: 'Merge 1 into selected' }));
  expect(calls.some((c) => c.path === '/admin/sights/merge')).toBe(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Yes, merge' }));
  });
  await screen.findByText('Merged 1 duplicate: moved 4 comments, 1 photo and 0 stations.');
  expect(calls.find((c) => c.path === '/admin/sights/merge')!.body).toEqual({ keep_id: 'a', merge_ids: ['b'] });
  expect(screen.getAllByTestId('sight-result')).toHaveLength(1);
});
