import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replaces the data locally (after a mutation answered with the new state). */
  setData: (d: T) => void;
}

export function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * Loads data with a loading flag and an error; results of superseded loads are ignored, and a reload keeps the
 * previous data on screen while it runs.
 */
export function useResource<T>(load: () => Promise<T>, fallbackError: string, deps: readonly unknown[] = []): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const id = ++seq.current;
    setLoading(true);
    setError(null);
    loadRef
      .current()
      .then((d) => {
        if (id === seq.current) setData(d);
      })
      .catch((err: unknown) => {
        if (id === seq.current) setError(errorText(err, fallbackError));
      })
      .finally(() => {
        if (id === seq.current) setLoading(false);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, fallbackError, ...deps]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, error, reload, setData };
}
