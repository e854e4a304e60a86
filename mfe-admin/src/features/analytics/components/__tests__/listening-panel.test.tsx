import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ListeningPanel } from '../listening-panel';

const body = {
  ok: true,
  days: 30,
  guides: [
    {
      guide_id: 'g1',
      sight_id: 's1',
      sight_name: 'Eiffel, Tower',
      created_at: '2026-11-24T00:00:00Z',
      plays_started: 4,
      plays_completed: 2,
      plays_skipped: 1,
      avg_listened_fraction: 0.6,
    },
  ],
  stations: [
    {
      guide_id: 'g1',
      station_id: 'a',
      station_number: 1,
      title: 'Intro',
      sight_name: 'Eiffel, Tower',
      plays_started: 3,
      plays_completed: 1,
      plays_skipped: 1,
      avg_listened_fraction: 0.467,
    },
    {
      guide_id: 'g1',
      station_id: 'b',
      station_number: 2,
      title: 'Top "deck"',
      sight_name: 'Eiffel, Tower',
      plays_started: 1,
      plays_completed: 1,
      plays_skipped: 0,
      avg_listened_fraction: 1,
    },
  ],
};
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'admin' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked.push(url.pathname + url.search);
    if (url.pathname === '/admin/listening')
      return new Response(JSON.stringify({ ...body, days: Number(url.searchParams.get('days')) }));
    return new Response('{"error":"unexpected"}', { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

test('shows the chart and the per guide and station numbers, with a CSV download link', async () => {
  render(<ListeningPanel />, { wrapper: withQueryClient().wrapper });
  await waitFor(() => expect(screen.getByRole('img', { name: /Listening chart/ })).toBeTruthy());
  const rows = screen.getAllByRole('row').map((r) => r.textContent);
  expect(rows).toEqual([
    'Guide / stationStartedCompletedSkippedAvg. listened',
    'Eiffel, Tower · guide g1421' + '60%',
    '1. Intro31147%',
    '2. Top "deck"110100%',
  ]);
  const link = screen.getByRole('link', { name: 'Export CSV' }) as HTMLAnchorElement;
  expect(link.getAttribute('download')).toBe('wayfarer-listening-30d.csv');
  const csv = decodeURIComponent(link.href.replace(/^data:text\/csv;charset=utf-8,/, ''));
  expect(csv.split('\r\n')).toEqual([
    'guide_id,sight,station_number,station_title,plays_started,plays_completed,plays_skipped,avg_listened_percent',
    'g1,"Eiffel, Tower",1,Intro,3,1,1,46.7',
    'g1,"Eiffel, Tower",2,"Top ""deck""",1,1,0,100',
    '',
  ]);
  expect(asked).toEqual(['/admin/listening?days=30']);
  fireEvent.click(screen.getByRole('button', { name: '7 days' }));
  await waitFor(() => expect(asked).toContain('/admin/listening?days=7'));
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('download')).toBe(
      'wayfarer-listening-7d.csv',
    ),
  );
});
