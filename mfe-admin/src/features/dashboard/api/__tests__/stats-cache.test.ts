import { jest } from '@jest/globals';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { normalizeStats, netProfit } from '../dashboard-api';
import { STATS_CACHE_MS, invalidateDashboardStats, statsQuery } from '../dashboard-queries';

describe('dashboard stats cache (the stats query)', () => {
  let n: number;
  let fail: boolean;
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date('2026-11-22T12:00:00Z'),
      doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'],
    });
    n = 0;
    fail = false;
    setSupabaseForTests({
      auth: {
        getSession: async () => ({
          data: { session: { access_token: 'tok', user: { id: 'u' } } },
          error: null,
        }),
      },
    } as unknown as WayfarerSupabase);
    globalThis.fetch = jest.fn(async () =>
      fail
        ? new Response(JSON.stringify({ ok: true }), { status: 200 })
        : new Response(JSON.stringify({ ok: true, stats: { total_users: ++n } })),
    ) as unknown as typeof fetch;
  });
  afterEach(() => {
    jest.useRealTimers();
    setSupabaseForTests(null);
  });

  test('is not re-fetched within 5 minutes, re-fetched after', async () => {
    const { client } = withQueryClient();
    expect((await client.fetchQuery(statsQuery)).total_users).toBe(1);
    jest.advanceTimersByTime(STATS_CACHE_MS - 1);
    expect((await client.fetchQuery(statsQuery)).total_users).toBe(1);
    expect(n).toBe(1);
    jest.advanceTimersByTime(1);
    expect((await client.fetchQuery(statsQuery)).total_users).toBe(2);
    expect(n).toBe(2);
    expect(STATS_CACHE_MS).toBe(300_000);
  });

  test('invalidation (manual refresh, moderation) makes the next read fetch', async () => {
    const { client } = withQueryClient();
    await client.fetchQuery(statsQuery);
    jest.advanceTimersByTime(1000);
    await invalidateDashboardStats(client);
    expect((await client.fetchQuery(statsQuery)).total_users).toBe(2);
  });

  test('a failed fetch leaves nothing cached', async () => {
    const { client } = withQueryClient();
    fail = true;
    await expect(client.fetchQuery(statsQuery)).rejects.toThrow('Invalid response format');
    expect(client.getQueryData(statsQuery.queryKey)).toBeUndefined();
  });
});

describe('dashboard normalisation', () => {
  test('numbers default to 0 and lists to empty', () => {
    const s = normalizeStats({ total_users: 5, top_countries: [{ country: 'France', count: 3 }] });
    expect(s.pending_images).toBe(0);
    expect(s.analytics.online_users_count).toBe(0);
    expect(s.activity.uploads_this_week).toBe(0);
    expect(s.top_countries).toEqual([{ country: 'France', count: 3 }]);
    expect(normalizeStats({}).top_countries).toEqual([]);
  });

  test('net profit is income minus expenses', () => {
    expect(netProfit(120.5, 20.25)).toBe(100.25);
    expect(netProfit(0, 10)).toBe(-10);
  });
});
