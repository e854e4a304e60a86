import { jest } from '@jest/globals';
import { normalizeStats, netProfit } from '../../api/dashboard-api';
import type { DashboardStats } from '../../types';
import { STATS_CACHE_MS, invalidateStatsCache, loadStats, readStatsCache } from '../stats-cache';

describe('dashboard stats cache', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    invalidateStatsCache();
  });
  afterEach(() => jest.useRealTimers());

  test('is not re-fetched within 5 minutes, re-fetched after', async () => {
    let n = 0;
    const fetcher = jest.fn(async (): Promise<DashboardStats> => normalizeStats({ total_users: ++n }));
    expect((await loadStats({ fetcher })).stats.total_users).toBe(1);
    jest.advanceTimersByTime(STATS_CACHE_MS - 1);
    expect((await loadStats({ fetcher })).stats.total_users).toBe(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(readStatsCache()).toBeNull();
    expect((await loadStats({ fetcher })).stats.total_users).toBe(2);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  test('manual refresh invalidates the cache', async () => {
    let n = 0;
    const fetcher = jest.fn(async () => normalizeStats({ total_users: ++n }));
    await loadStats({ fetcher });
    jest.advanceTimersByTime(1000);
    expect((await loadStats({ fetcher, force: true })).stats.total_users).toBe(2);
    invalidateStatsCache();
    expect(readStatsCache()).toBeNull();
  });

  test('a failed fetch leaves nothing cached', async () => {
    await expect(loadStats({ fetcher: async () => { throw new Error('Invalid response format'); } })).rejects.toThrow('Invalid response format');
    expect(readStatsCache()).toBeNull();
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
