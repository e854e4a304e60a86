import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ReportsPage } from '../reports-page';

const report = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  reason: 'inaccurate',
  note: 'Wrong year',
  status: 'open',
  outcome: null,
  created_at: '2026-11-24T10:00:00Z',
  resolved_at: null,
  reporter: { id: 'u1', display_name: 'Ana' },
  sight: { id: 's1', name: 'Eiffel Tower' },
  station: {
    id: 'st2',
    guide_id: 'g1',
    station_number: 2,
    title: 'History',
    text: 'Built in 1899.',
    audio_url: '/guides/audio/st2',
    hidden: false,
    renarrating: false,
  },
  ...over,
});
let calls: { path: string; method: string; body: unknown }[] = [];
let open = [report()];

beforeEach(() => {
  calls = [];
  open = [report()];
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'admin' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({
      path: url.pathname + url.search,
      method,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.pathname === '/admin/reports')
      return new Response(
        JSON.stringify({
          ok: true,
          items: url.searchParams.get('status') === 'open' ? open : [],
          total: open.length,
          page: 1,
          pageSize: 50,
        }),
      );
    const m = /^\/admin\/reports\/r1\/(fix|regenerate|hide|dismiss)$/.exec(url.pathname);
    if (m && method === 'POST') {
      const outcome = { fix: 'fixed', regenerate: 'regenerated', hide: 'hidden', dismiss: 'dismissed' }[
        m[1]!
      ];
      open = [];
      return new Response(
        JSON.stringify({
          ok: true,
          report: report({ status: 'resolved', outcome }),
          resolved: 0,
          message: `Done: ${outcome}`,
        }),
      );
    }
    return new Response('{"error":"unexpected"}', { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const renderPage = () =>
  render(
    <MemoryRouter>
      <ReportsPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );

test('lists open reports with the station text, its audio and the note', async () => {
  renderPage();
  const card = await screen.findByTestId('admin-report');
  expect(within(card).getByRole('heading').textContent).toBe('Eiffel Tower, station 2: History');
  expect(within(card).getByTestId('report-station-text').textContent).toBe('Built in 1899.');
  expect(within(card).getByTestId('report-note').textContent).toBe('Wrong year');
  expect(within(card).getByLabelText('Narration of station 2').getAttribute('src')).toBe(
    'http://localhost:4000/guides/audio/st2',
  );
  expect(calls[0]).toMatchObject({ path: '/admin/reports?status=open&pageSize=50', method: 'GET' });
});

test('fix the text: the edited text is sent, the report leaves the open list and the outcome is said', async () => {
  renderPage();
  const card = await screen.findByTestId('admin-report');
  fireEvent.click(within(card).getByRole('button', { name: 'Fix text' }));
  const text = within(card).getByLabelText('Station text');
  fireEvent.change(text, { target: { value: 'Built in 1889.' } });
  await act(async () =>
    fireEvent.click(within(card).getByRole('button', { name: 'Save and narrate again' })),
  );
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe('Done: fixed: station 2 of the Eiffel Tower guide.'),
  );
  expect(calls.find((c) => c.method === 'POST')).toEqual({
    path: '/admin/reports/r1/fix',
    method: 'POST',
    body: { title: 'History', text: 'Built in 1889.' },
  });
  await waitFor(() => expect(screen.getByText('No open reports')).toBeTruthy());
});

test.each([
  ['Regenerate', 'regenerate'],
  ['Hide station', 'hide'],
  ['Dismiss', 'dismiss'],
])('%s resolves the report through its own route', async (label, action) => {
  renderPage();
  const card = await screen.findByTestId('admin-report');
  await act(async () => fireEvent.click(within(card).getByRole('button', { name: label })));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.path === `/admin/reports/r1/${action}`)).toBe(true),
  );
  await waitFor(() => expect(screen.getByText('No open reports')).toBeTruthy());
});
