import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import type { Release, RemoteRollout } from '@wayfarer/contracts';
import { ReleasesPage } from '../releases-page';

const release = (version: string, over: Partial<Release> = {}): Release => ({
  remote: 'marketing',
  version,
  manifest_url: `http://localhost:3003/releases/${version}/mf-manifest.json`,
  check_ok: true,
  check_problems: [],
  checked_at: '2026-11-25T04:05:00.000Z',
  status: 'available',
  created_at: '2026-11-25T04:00:00.000Z',
  rolled_back_at: null,
  sessions: 10,
  failed_sessions: 1,
  failure_rate: 0.1,
  failures: { manifest: 0, entry: 1, expose: 0, render: 0 },
  ...over,
});
const rollout = (over: Partial<RemoteRollout> = {}): RemoteRollout => ({
  remote: 'marketing',
  active_version: '1.0.0',
  canary_version: null,
  canary_percent: 0,
  default_url: 'http://localhost:3003',
  releases: [
    release('3.0.0', {
      check_ok: false,
      check_problems: ['missing expose ./App'],
      sessions: 0,
      failed_sessions: 0,
      failure_rate: 0,
    }),
    release('2.0.0'),
    release('1.0.0', { status: 'active' }),
  ],
  ...over,
});
let calls: { path: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
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
    calls.push({ path: url.pathname, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/admin/releases')
      return new Response(
        JSON.stringify({
          ok: true,
          remotes: [rollout()],
          canary_max_failure_rate: 0.2,
          canary_min_sessions: 5,
        }),
      );
    if (url.pathname === '/admin/releases/marketing/promote')
      return new Response(
        JSON.stringify({
          ok: true,
          message: 'promoted',
          rollout: rollout({
            active_version: '2.0.0',
            releases: [release('2.0.0', { status: 'active' }), release('1.0.0')],
          }),
        }),
      );
    if (url.pathname === '/admin/releases/marketing/canary')
      return new Response(
        JSON.stringify({
          ok: true,
          message: 'canary',
          rollout: rollout({ canary_version: '2.0.0', canary_percent: 25 }),
        }),
      );
    return new Response('{"error":"unexpected"}', { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const renderPage = () =>
  render(
    <MemoryRouter>
      <ReleasesPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );

test("lists each version's check, sessions and failure rate against the threshold", async () => {
  renderPage();
  const v2 = await screen.findByTestId('release-marketing-2.0.0');
  expect(within(v2).getByTestId('release-failure-rate').textContent).toBe('10% (1/10 sessions) · entry 1');
  expect(within(v2).getByRole('meter').getAttribute('aria-valuenow')).toBe('10');
  expect(screen.getByTestId('rollout-marketing').textContent).toBe('New sessions get 1.0.0');
  const v3 = screen.getByTestId('release-marketing-3.0.0');
  expect(within(v3).getByText('missing expose ./App')).toBeTruthy();
  // A version that failed its check cannot be promoted or canaried.
  expect((within(v3).getByRole('button', { name: 'Promote' }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(v3).getByRole('button', { name: 'Canary 50%' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByText(/more than 20% of its sessions \(at least 5\)/)).toBeTruthy();
});

test("shows the server's check: when it ran, why it failed, and a version not checked yet may be tried", async () => {
  globalThis.fetch = jest.fn(async () =>
    Response.json({
      ok: true,
      remotes: [
        rollout({
          releases: [
            release('4.0.0', {
              check_ok: null,
              checked_at: null,
              check_problems: [
                'registered before the server checked releases: promote or canary it to check it',
              ],
            }),
            release('3.0.0', {
              check_ok: false,
              check_problems: [
                'manifest http://localhost:3003/releases/3.0.0/mf-manifest.json: answered 404',
              ],
            }),
            release('1.0.0', { status: 'active' }),
          ],
        }),
      ],
      canary_max_failure_rate: 0.2,
      canary_min_sessions: 5,
    }),
  ) as unknown as typeof fetch;
  renderPage();
  const v3 = await screen.findByTestId('release-marketing-3.0.0');
  expect(within(v3).getByText(/answered 404/)).toBeTruthy();
  expect(within(v3).getByText('failed', { exact: true })).toBeTruthy();
  expect(within(v3).getByTestId('release-checked-at').textContent).toMatch(/checked by the server .*2026/);
  expect((within(v3).getByRole('button', { name: 'Promote' }) as HTMLButtonElement).disabled).toBe(true);
  const v4 = screen.getByTestId('release-marketing-4.0.0');
  expect(within(v4).getByText(/the server checks its manifest when it is promoted/)).toBeTruthy();
  expect((within(v4).getByRole('button', { name: 'Promote' }) as HTMLButtonElement).disabled).toBe(false);
  expect((within(v4).getByRole('button', { name: 'Canary 50%' }) as HTMLButtonElement).disabled).toBe(false);
  expect((within(v4).getByRole('button', { name: 'Roll back to this' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
});

test('promote asks first, then shows the new rollout', async () => {
  renderPage();
  const v2 = await screen.findByTestId('release-marketing-2.0.0');
  fireEvent.click(within(v2).getByRole('button', { name: 'Promote' }));
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  expect(within(v2).getByText('Serve marketing 2.0.0 to every new session?')).toBeTruthy();
  await act(async () => fireEvent.click(within(v2).getByRole('button', { name: 'Yes, promote' })));
  await waitFor(() =>
    expect(screen.getByTestId('rollout-marketing').textContent).toBe('New sessions get 2.0.0'),
  );
  expect(calls.find((c) => c.method === 'POST')).toEqual({
    path: '/admin/releases/marketing/promote',
    method: 'POST',
    body: { version: '2.0.0' },
  });
  expect(screen.getByRole('status').textContent).toMatch(/open tabs keep their version until they reload/);
});

test('a canary takes the share typed in', async () => {
  renderPage();
  const v2 = await screen.findByTestId('release-marketing-2.0.0');
  fireEvent.change(screen.getByLabelText('Canary share (%)'), { target: { value: '25' } });
  fireEvent.click(within(v2).getByRole('button', { name: 'Canary 25%' }));
  await act(async () => fireEvent.click(within(v2).getByRole('button', { name: 'Yes, start' })));
  await waitFor(() =>
    expect(screen.getByTestId('rollout-marketing').textContent).toBe(
      'New sessions get 1.0.0 and 2.0.0 on 25% of sessions',
    ),
  );
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: '2.0.0', percent: 25 });
});
