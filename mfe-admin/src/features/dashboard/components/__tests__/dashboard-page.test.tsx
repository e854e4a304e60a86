import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { DashboardPage } from '../dashboard-page';

// recharts measures its container; jsdom has no layout, so give it one.
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;

const json = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status });

function serve(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const key =
      url.pathname + (url.pathname === '/admin/analytics' ? `?type=${url.searchParams.get('type')}` : '');
    calls.push(url.pathname + url.search);
    const h = routes[key];
    return h ? h() : json({ error: 'nope' }, 404);
  }) as unknown as typeof fetch;
  return calls;
}

beforeEach(() => {
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
});
afterEach(() => setSupabaseForTests(null));

test('each panel loads and fails on its own, with the spec messages', async () => {
  const calls = serve({
    '/admin/stats': () => json({ ok: true, stats: { total_users: 42, pending_images: 3 } }),
    '/admin/online-users': () => json({ error: 'db down' }, 500),
    '/admin/user-growth': () => json({}, 502),
    '/admin/analytics?type=financial': () => json({ ok: true, financial: [] }),
    '/admin/analytics?type=shop': () => json({ ok: true }),
  });
  render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(screen.getByTestId('stat-users').textContent).toContain('42'));
  await waitFor(() => expect(screen.getByText('Failed to load online users')).toBeTruthy());
  expect(screen.getByText('db down')).toBeTruthy();
  await waitFor(() => expect(screen.getByText('User growth fetch failed: 502')).toBeTruthy());
  await waitFor(() =>
    expect(screen.getAllByText('Invalid response format from one or both endpoints')).toHaveLength(2),
  );
  expect(calls).toContain('/admin/analytics?timeRange=daily&type=financial');
  expect(calls).toContain('/admin/analytics?timeRange=daily&type=shop');
  expect(calls).toContain('/admin/user-growth?period=day');
});

test('a stats failure shows Failed to load dashboard data and the HTTP status', async () => {
  serve({
    '/admin/stats': () => json({}, 500),
    '/admin/online-users': () =>
      json({
        ok: true,
        onlineUsers: [{ id: 'x', last_seen: '2026-11-22T10:00:00Z', session_id: 'abcdef1234' }],
      }),
    '/admin/user-growth': () => json({ ok: true, data: [] }),
    '/admin/analytics?type=financial': () => json({ ok: true, financial: [] }),
    '/admin/analytics?type=shop': () => json({ ok: true, shop: [] }),
  });
  render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(screen.getByText('Failed to load dashboard data')).toBeTruthy());
  expect(screen.getByText('HTTP 500')).toBeTruthy();
  await waitFor(() => expect(screen.getByText('Anonymous')).toBeTruthy());
});

test('no session: User not authenticated', async () => {
  setSupabaseForTests({
    auth: { getSession: async () => ({ data: { session: null }, error: null }) },
  } as unknown as WayfarerSupabase);
  serve({});
  render(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(screen.getAllByText('User not authenticated').length).toBeGreaterThanOrEqual(4));
});
