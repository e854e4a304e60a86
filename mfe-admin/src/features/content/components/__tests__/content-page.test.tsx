import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ContentPage } from '../content-page';

interface St {
  id: string;
  position: number;
  title: string;
  text: string;
  has_audio: boolean;
  latitude: number | null;
  longitude: number | null;
}
const sight = (id: string, name: string) => ({
  id,
  slug: id,
  name,
  description: '',
  cover_image_url: null,
  img_preview: null,
  city: 'Rome',
  country: 'Italy',
  country_code: 'IT',
  latitude: 41.9,
  longitude: 12.5,
  rating_avg: 0,
  ratings_count: 0,
  category_slugs: ['landmark'],
  category_hint: null,
  popularity: null,
  hidden: false,
  merged_into: null,
  comments_count: 0,
  images_count: 0,
  stations_count: 0,
});
let stations: St[];
let nextId: number;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  stations = [
    { id: 's1', position: 1, title: 'Gate', text: 'a', has_audio: false, latitude: null, longitude: null },
    { id: 's2', position: 2, title: 'Hall', text: 'b', has_audio: false, latitude: null, longitude: null },
  ];
  nextId = 3;
  calls.length = 0;
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const ok = (b: unknown) => new Response(JSON.stringify(b));
    if (method === 'GET' && url.pathname === '/admin/sights')
      return ok({
        ok: true,
        items: [sight('a', 'Pantheon'), sight('b', 'Pantheon (copy)')],
        total: 2,
        page: 1,
        pageSize: 25,
      });
    if (method === 'GET' && url.pathname === '/admin/sights/a')
      return ok({ ok: true, sight: sight('a', 'Pantheon'), stations });
    if (method === 'PUT' && url.pathname === '/admin/sights/a/stations') {
      const sent = (
        body as {
          stations: {
            id?: string;
            title: string;
            text: string;
            latitude?: number | null;
            longitude?: number | null;
          }[];
        }
      ).stations;
      stations = sent.map((st, i) => ({
        id: st.id ?? `s${nextId++}`,
        position: i + 1,
        title: st.title,
        text: st.text,
        has_audio: false,
        latitude: st.latitude ?? null,
        longitude: st.longitude ?? null,
      }));
      return ok({ ok: true, stations, message: 'Stations saved' });
    }
    if (method === 'POST' && url.pathname === '/admin/sights/merge') {
      return ok({
        ok: true,
        sight: { ...sight('a', 'Pantheon'), comments_count: 4 },
        merged: ['b'],
        moved: { comments: 4, images: 1, stations: 0, guides: 0 },
        message: 'Merged',
      });
    }
    return new Response(JSON.stringify({ error: 'unexpected' }), { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

async function openPantheon() {
  render(
    <MemoryRouter>
      <ContentPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
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
const titles = () =>
  screen
    .getAllByTestId('station-row')
    .map((r) => (within(r).getAllByRole('textbox')[0] as HTMLInputElement).value);

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
  const none = { latitude: null, longitude: null };
  expect(put[0]!.body).toEqual({
    stations: [
      { id: 's2', title: 'Hall', text: 'b', ...none },
      { id: 's1', title: 'Gate', text: 'a', ...none },
      { title: 'Dome', text: '', ...none },
    ],
  });

  // The stored ids come back, so saving again edits the new station instead of adding a second one.
  fireEvent.change(within(screen.getAllByTestId('station-row')[2]!).getAllByRole('textbox')[1]!, {
    target: { value: 'Look up.' },
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save stations' }));
  });
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
    stations: [
      { id: 's2', title: 'Hall', text: 'b', ...none },
      { id: 's1', title: 'Gate', text: 'a', ...none },
      { id: 's3', title: 'Dome', text: 'Look up.', ...none },
    ],
  });
});

test('sets station locations (typed, pasted as a pair or the sight location), refuses bad ones and clears them', async () => {
  stations[1] = { ...stations[1]!, latitude: 41.8986, longitude: 12.4769 };
  await openPantheon();
  await waitFor(() => expect(titles()).toEqual(['Gate', 'Hall']));
  const save = () => screen.getByRole('button', { name: 'Save stations' }) as HTMLButtonElement;
  // A stored location is shown; a station without one offers to set it.
  expect((screen.getByLabelText('Station 2 latitude') as HTMLInputElement).value).toBe('41.8986');
  expect((screen.getByLabelText('Station 2 longitude') as HTMLInputElement).value).toBe('12.4769');
  expect(screen.queryByLabelText('Station 1 latitude')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Set a location for Gate' }));
  expect(save().disabled).toBe(true); // opening the fields changes nothing yet

  const lat = screen.getByLabelText('Station 1 latitude') as HTMLInputElement;
  const lon = screen.getByLabelText('Station 1 longitude') as HTMLInputElement;
  fireEvent.change(lat, { target: { value: '41.9' } });
  expect(screen.getByText('Enter both latitude and longitude, or clear the location.')).toBeTruthy();
  expect(lat.getAttribute('aria-invalid')).toBe('true');
  expect(save().disabled).toBe(true);
  fireEvent.change(lon, { target: { value: '200' } });
  expect(screen.getByText('Longitude must be between -180 and 180.')).toBeTruthy();
  expect(save().disabled).toBe(true);
  // A "lat, lon" pair pasted into one field fills both.
  fireEvent.change(lat, { target: { value: '41.89861, 12.47687' } });
  expect([lat.value, lon.value]).toEqual(['41.89861', '12.47687']);
  expect(lat.getAttribute('aria-invalid')).toBeNull();
  await act(async () => {
    fireEvent.click(save());
  });
  await screen.findByText('Stations saved.');
  let put = calls.filter((c) => c.method === 'PUT');
  expect(put[0]!.body).toEqual({
    stations: [
      { id: 's1', title: 'Gate', text: 'a', latitude: 41.89861, longitude: 12.47687 },
      { id: 's2', title: 'Hall', text: 'b', latitude: 41.8986, longitude: 12.4769 },
    ],
  });

  // The sight's own point with one click; clearing sends null so the server removes the stored one.
  fireEvent.click(screen.getByRole('button', { name: 'Use the sight location for Gate' }));
  expect([
    (screen.getByLabelText('Station 1 latitude') as HTMLInputElement).value,
    (screen.getByLabelText('Station 1 longitude') as HTMLInputElement).value,
  ]).toEqual(['41.9', '12.5']);
  fireEvent.click(screen.getByRole('button', { name: 'Clear the location of Hall' }));
  expect(screen.queryByLabelText('Station 2 latitude')).toBeNull();
  await act(async () => {
    fireEvent.click(save());
  });
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  put = calls.filter((c) => c.method === 'PUT');
  expect(put[1]!.body).toEqual({
    stations: [
      { id: 's1', title: 'Gate', text: 'a', latitude: 41.9, longitude: 12.5 },
      { id: 's2', title: 'Hall', text: 'b', latitude: null, longitude: null },
    ],
  });
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
  expect(calls.find((c) => c.path === '/admin/sights/merge')!.body).toEqual({
    keep_id: 'a',
    merge_ids: ['b'],
  });
  expect(screen.getAllByTestId('sight-result')).toHaveLength(1);
});
