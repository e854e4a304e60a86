import { jest } from '@jest/globals';
import {
  createAdminNews,
  deleteAdminRoadmapItem,
  getAdminAnalytics,
  getAdminNews,
  getAdminOnlineUsers,
  getAdminStats,
  getAdminUserGrowth,
  reorderAdminRoadmap,
  updateAdminNews,
} from '../admin';
import { deleteMyAvatar } from '../account';
import { getActiveTheme, sendHeartbeat } from '../product';

const realFetch = globalThis.fetch;
let sent: { url: URL; method: string; auth: string | null; body: unknown }[] = [];
beforeEach(() => {
  sent = [];
  globalThis.fetch = jest.fn(async (u: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: new URL(String(u)),
      method: init?.method ?? 'GET',
      auth: new Headers(init?.headers).get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response('{"ok":true}');
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('news, roadmap and dashboard calls: method, path, query, body and bearer', async () => {
  await getAdminNews(null);
  await createAdminNews({ title: 'T', body: 'B' }, 'tok');
  await updateAdminNews('a/b', { is_published: true }, 'tok');
  await deleteAdminRoadmapItem('r1', 'tok');
  await reorderAdminRoadmap(['c', 'a'], 'tok');
  await getAdminStats('tok');
  await getAdminOnlineUsers('tok');
  await getAdminUserGrowth('week', 'tok');
  await getAdminAnalytics('daily', 'shop', 'tok');
  expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
    'GET /admin/news',
    'POST /admin/news',
    'PUT /admin/news/a%2Fb',
    'DELETE /admin/roadmap/r1',
    'PUT /admin/roadmap/reorder',
    'GET /admin/stats',
    'GET /admin/online-users',
    'GET /admin/user-growth?period=week',
    'GET /admin/analytics?timeRange=daily&type=shop',
  ]);
  expect(sent[0]!.auth).toBeNull();
  expect(sent.slice(1).every((s) => s.auth === 'Bearer tok')).toBe(true);
  expect(sent[1]!.body).toEqual({ title: 'T', body: 'B' });
  // The reorder sends the list in order, position_order from 1.
  expect(sent[4]!.body).toEqual({
    items: [
      { id: 'c', position_order: 1 },
      { id: 'a', position_order: 2 },
    ],
  });
});

test('the shell’s and the account’s calls', async () => {
  await getActiveTheme();
  await sendHeartbeat('s-1', undefined, 'tok');
  await deleteMyAvatar('tok');
  expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
    'GET /active-theme',
    'POST /presence/heartbeat',
    'DELETE /users/me/avatar',
  ]);
  expect(sent[1]!.body).toEqual({ session_id: 's-1' });
});
