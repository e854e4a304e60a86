import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from './admin-request';

/** Loads on mount and when `key` changes; superseded results are dropped; errors use the server text if any. */
export function useLoad<T>(load: () => Promise<T>, key: string, fallback: string) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    const id = ++seq.current;
    setLoading(true);
    setError(null);
    try {
      const v = await loadRef.current();
      if (id === seq.current) setData(v);
    } catch (err) {
      if (id === seq.current) setError(describeError(err, fallback));
    } finally {
      if (id === seq.current) setLoading(false);
    }
  }, [fallback]);
  useEffect(() => {
    // Bumping the sequence on cleanup makes any in-flight result stale.
    const counter = seq;
    void reload();
    return () => {
      counter.current++;
    };
  }, [key, reload]);
  return { data, setData, loading, error, setError, reload };
}
