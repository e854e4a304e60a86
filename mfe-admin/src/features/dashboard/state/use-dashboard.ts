import { useCallback, useEffect, useRef, useState } from 'react';
import { getAnalytics, getOnlineUsers, getUserGrowth } from '../api/dashboard-api';
import type { AnalyticsData, DashboardStats, GrowthPeriod, OnlineUser, TimeRange, UserGrowthPoint } from '../types';
import { loadStats } from './stats-cache';

export const ONLINE_USERS_REFRESH_MS = 30_000;

interface Async<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

const errText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** Runs `load` when `key` changes; results of superseded runs are dropped. */
function useAsync<T>(load: () => Promise<T>, key: string, fallback: string) {
  const [state, setState] = useState<Async<T>>({ data: null, loading: true, error: null });
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useCallback(
    async (background = false) => {
      const id = ++seq.current;
      if (!background) setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const data = await loadRef.current();
        if (id === seq.current) setState({ data, loading: false, error: null });
      } catch (err) {
        if (id === seq.current) setState((s) => ({ ...s, loading: false, error: errText(err, fallback) }));
      }
    },
    [fallback],
  );
  useEffect(() => {
    // Bumping the sequence on cleanup makes any in-flight result stale.
    const counter = seq;
    void run();
    return () => {
      counter.current++;
    };
  }, [key, run]);
  return { ...state, reload: run };
}

export function useDashboardStats() {
  const [fetchedAt, setFetchedAt] = useState<number | null>(null);
  const force = useRef(false);
  const [nonce, setNonce] = useState(0);
  const s = useAsync<DashboardStats>(
    async () => {
      const entry = await loadStats({ force: force.current });
      force.current = false;
      setFetchedAt(entry.timestamp);
      return entry.stats;
    },
    `stats:${nonce}`,
    'Failed to load dashboard data',
  );
  const refresh = useCallback(() => {
    force.current = true;
    setNonce((n) => n + 1);
  }, []);
  return { ...s, fetchedAt, refresh };
}

export function useOnlineUsers() {
  const s = useAsync<OnlineUser[]>(getOnlineUsers, 'online', 'Failed to load online users');
  const { reload } = s;
  useEffect(() => {
    const t = setInterval(() => void reload(true), ONLINE_USERS_REFRESH_MS);
    return () => clearInterval(t);
  }, [reload]);
  return s;
}

export function useUserGrowth(period: GrowthPeriod) {
  return useAsync<UserGrowthPoint[]>(() => getUserGrowth(period), `growth:${period}`, 'Failed to load analytics data');
}

export function useAnalytics(range: TimeRange) {
  return useAsync<AnalyticsData>(() => getAnalytics(range), `analytics:${range}`, 'Failed to load analytics data');
}
